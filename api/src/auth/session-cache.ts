import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database';
import { InvalidatedCache } from '../db/invalidated-cache';
import type { User } from '../users/service';

/**
 * Announced by the database (triggers of migration 101) with a user's id whenever what the auth
 * guard checked about that user may have changed: their row, their credentials, a logout.
 */
export const AUTH_CHANGES_CHANNEL = 'luz_auth_changes';

/** How long a checked caller is trusted without news: a bound for a notification that got lost. */
export const SESSION_CACHE_TTL_MS = 10_000;
/** Users kept at most; the least recently used leaves first. */
const MAX_USERS = 10_000;

type Entry = { user: User; tokens: Set<string>; until: number };

/**
 * The callers the auth guard has checked recently: a user's row (with `has_credentials`) and the
 * tokens (`jti`) found not revoked, so that a request needs no query (issue 17). Every change
 * announced on AUTH_CHANGES_CHANNEL drops that user (InvalidatedCache).
 */
export class SessionCache extends InvalidatedCache {
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_USERS });

  constructor(
    db: Database,
    private readonly now: () => number = Date.now,
  ) {
    super(db, AUTH_CHANGES_CHANNEL);
  }

  /** The user of a token checked recently, or null (then check it and `keep` the answer). */
  get(userId: string, jti: string): User | null {
    const entry = this.entries.get(userId);
    if (!entry) return null;
    if (entry.until <= this.now()) {
      this.entries.delete(userId);
      return null;
    }
    return entry.tokens.has(jti) ? entry.user : null;
  }

  /** Keeps a checked caller, unless anything changed since `mark` (or nothing listens). */
  keep(user: User, jti: string, mark: number) {
    if (!this.mayKeep(mark)) return;
    const entry = this.entries.get(user.id);
    if (entry && entry.user.tokenVersion === user.tokenVersion) {
      entry.tokens.add(jti);
      return;
    }
    this.entries.set(user.id, { user, tokens: new Set([jti]), until: this.now() + SESSION_CACHE_TTL_MS });
  }

  protected drop(userId: string) {
    this.entries.delete(userId);
  }

  protected clear() {
    this.entries.clear();
  }
}
