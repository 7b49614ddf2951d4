/**
 * The entries of a store-mode ZIP, packed: names as UTF-8 in one buffer, sizes, times, offsets
 * and CRCs in typed arrays. The writer keeps them for the whole download, since the central
 * directory at the end repeats every entry; for a whole account (44,000 receipts) that is a few
 * megabytes in a dozen objects instead of 44,000 objects and strings for the collector to trace
 * while the bytes go out.
 */
export class ZipEntries {
  count = 0;
  /** Each name's end in `names` (its start is the previous one's end). */
  private readonly nameEnds: Uint32Array;
  private names: Buffer;
  readonly sizes: Float64Array;
  /** MS-DOS time (low 16 bits) and date (high 16 bits), local time as Info-ZIP writes them. */
  readonly dosTimes: Uint32Array;
  /** Seconds since 1970, for the extended timestamp field. */
  readonly unixTimes: Uint32Array;

  constructor(readonly capacity: number) {
    this.nameEnds = new Uint32Array(capacity);
    this.names = Buffer.allocUnsafe(Math.max(64, capacity * 64));
    this.sizes = new Float64Array(capacity);
    this.dosTimes = new Uint32Array(capacity);
    this.unixTimes = new Uint32Array(capacity);
  }

  add(name: string, size: number, mtime: Date) {
    const index = this.count;
    if (index === this.capacity) throw new Error(`More than the ${this.capacity} entries announced`);
    const start = this.nameStart(index);
    const longest = Buffer.byteLength(name);
    if (start + longest > this.names.length) {
      const grown = Buffer.allocUnsafe(Math.max(2 * this.names.length, start + longest));
      this.names.copy(grown, 0, 0, start);
      this.names = grown;
    }
    this.nameEnds[index] = start + this.names.write(name, start);
    this.sizes[index] = size;
    this.dosTimes[index] = dosDateTime(mtime);
    this.unixTimes[index] = Math.max(0, Math.floor(mtime.getTime() / 1000)) >>> 0;
    this.count += 1;
  }

  nameLength(index: number): number {
    return (this.nameEnds[index] as number) - this.nameStart(index);
  }

  name(index: number): string {
    return this.names.toString('utf8', this.nameStart(index), this.nameEnds[index]);
  }

  /** Copies entry `index`'s name into `target` at `at`; answers its length. */
  copyName(index: number, target: Buffer, at: number): number {
    return this.names.copy(target, at, this.nameStart(index), this.nameEnds[index]);
  }

  private nameStart(index: number): number {
    return index === 0 ? 0 : (this.nameEnds[index - 1] as number);
  }
}

/** MS-DOS date and time (local time, two-second steps; 1980 at the earliest). */
function dosDateTime(date: Date): number {
  const year = Math.max(1980, date.getFullYear());
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2);
  const day = ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return ((day << 16) | time) >>> 0;
}
