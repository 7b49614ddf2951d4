import type { Database } from './database';

/**
 * A process-local cache whose entries the database invalidates: every id announced on `channel`
 * (by triggers) drops what the cache keeps for it, at once in this process (before the write that
 * caused it resolves, see `Database.listenForInvalidation`), in the others when the notification
 * arrives. It keeps nothing until it listens, and a value read while a change happened is not kept
 * (`mark` before the read, `mayKeep(mark)` before keeping it). Subclasses hold the entries.
 */
export abstract class InvalidatedCache {
  private stopListening: (() => Promise<void>) | null = null;
  /** Bumped by every change: a read begun under an older epoch may hold what the change replaced. */
  private epoch = 0;

  constructor(
    private readonly db: Database,
    private readonly channel: string,
  ) {}

  async start() {
    this.stopListening ??= await this.db.listenForInvalidation(this.channel, (id) => this.forget(id));
  }

  async stop() {
    const stop = this.stopListening;
    this.stopListening = null;
    this.clear();
    await stop?.();
  }

  /** Where a read starts: pass it to `mayKeep`. */
  mark(): number {
    return this.epoch;
  }

  /** Whether a value read since `mark` may be kept: something listens and nothing changed since. */
  protected mayKeep(mark: number): boolean {
    return this.stopListening !== null && mark === this.epoch;
  }

  forget(id: string) {
    this.epoch += 1;
    this.drop(id);
  }

  /** Drops what is kept for an announced id. */
  protected abstract drop(id: string): void;

  /** Drops everything (when it stops listening). */
  protected abstract clear(): void;
}
