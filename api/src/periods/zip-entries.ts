/**
 * Strings packed as UTF-8 in one buffer that doubles as it fills: tens of thousands of names or
 * storage keys in two objects instead of as many strings for the collector to trace.
 */
export class PackedStrings {
  count = 0;
  /** Each string's end in `bytes` (its start is the previous one's end). */
  private ends = new Uint32Array(64);
  private bytes = Buffer.allocUnsafe(4096);

  add(value: string) {
    const index = this.count;
    if (index === this.ends.length) this.ends = grown(this.ends, Uint32Array);
    const start = this.start(index);
    const longest = Buffer.byteLength(value);
    if (start + longest > this.bytes.length) {
      const bytes = Buffer.allocUnsafe(Math.max(2 * this.bytes.length, start + longest));
      this.bytes.copy(bytes, 0, 0, start);
      this.bytes = bytes;
    }
    this.ends[index] = start + this.bytes.write(value, start);
    this.count += 1;
  }

  byteLength(index: number): number {
    return (this.ends[index] as number) - this.start(index);
  }

  get(index: number): string {
    return this.bytes.toString('utf8', this.start(index), this.ends[index]);
  }

  /** Copies string `index`'s bytes into `target` at `at`; answers their length. */
  copy(index: number, target: Buffer, at: number): number {
    return this.bytes.copy(target, at, this.start(index), this.ends[index]);
  }

  private start(index: number): number {
    return index === 0 ? 0 : (this.ends[index - 1] as number);
  }
}

type TypedArray = Uint32Array | Float64Array;

/** The same array, twice as long. */
function grown<T extends TypedArray>(array: T, Kind: { new (length: number): T }): T {
  const longer = new Kind(2 * array.length);
  longer.set(array);
  return longer;
}

/**
 * The entries of a store-mode ZIP, packed: names in `PackedStrings`, sizes and times in typed
 * arrays, all growing as entries are added (an export's entries arrive a few service points at a
 * time, never as one list). The writer keeps them for the whole download, since the central
 * directory at the end repeats every entry; for a whole account (44,000 receipts) that is a few
 * megabytes in a dozen objects instead of 44,000 objects and strings.
 */
export class ZipEntries {
  private readonly names = new PackedStrings();
  private sizeList = new Float64Array(64);
  /** MS-DOS time (low 16 bits) and date (high 16 bits), local time as Info-ZIP writes them. */
  private dosTimeList = new Uint32Array(64);
  /** Seconds since 1970, for the extended timestamp field. */
  private unixTimeList = new Uint32Array(64);

  get count(): number {
    return this.names.count;
  }

  get sizes(): Float64Array {
    return this.sizeList;
  }

  get dosTimes(): Uint32Array {
    return this.dosTimeList;
  }

  get unixTimes(): Uint32Array {
    return this.unixTimeList;
  }

  add(name: string, size: number, mtime: Date) {
    const index = this.count;
    if (index === this.sizeList.length) {
      this.sizeList = grown(this.sizeList, Float64Array);
      this.dosTimeList = grown(this.dosTimeList, Uint32Array);
      this.unixTimeList = grown(this.unixTimeList, Uint32Array);
    }
    this.names.add(name);
    this.sizeList[index] = size;
    this.dosTimeList[index] = dosDateTime(mtime);
    this.unixTimeList[index] = Math.max(0, Math.floor(mtime.getTime() / 1000)) >>> 0;
  }

  nameLength(index: number): number {
    return this.names.byteLength(index);
  }

  name(index: number): string {
    return this.names.get(index);
  }

  /** Copies entry `index`'s name into `target` at `at`; answers its length. */
  copyName(index: number, target: Buffer, at: number): number {
    return this.names.copy(index, target, at);
  }
}

/** MS-DOS date and time (local time, two-second steps; 1980 at the earliest). */
function dosDateTime(date: Date): number {
  const year = Math.max(1980, date.getFullYear());
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2);
  const day = ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return ((day << 16) | time) >>> 0;
}
