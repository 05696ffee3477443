// Reads that every member's poll shares (the competitions board, a chat room's latest messages),
// built at most once per `ttlMs` per process and key, or kept while a version the caller reads live
// stays the same. A change made through this process drops its keys at once; another process's
// change shows within `ttlMs` (or at once, when it changes the version).
import type { Db } from "./client";

type Entry<V> = { value: Promise<V>; builtAt: number; asOf: number; version?: string };

/** Past this many keys per database, expired entries are swept (then the oldest, if still over). */
const MAX_KEYS = 5_000;

export type SharedReads<K, V> = {
  /**
   * The value for `key` as of `now` (the app's clock): reused for up to `ttlMs` of real time, and
   * only while the app's clock has not moved on by more than that (tests drive it by hand). With a
   * `version` (read live by the caller, e.g. a room's last message), only while it is the same.
   */
  get(db: Db, key: K, now: Date, build: () => Promise<V>, version?: string): Promise<V>;
  /** Drops one key, or every key of the database, after a change. */
  drop(db: Db, key?: K): void;
};

export function sharedReads<K, V>(ttlMs: number): SharedReads<K, V> {
  const byDb = new WeakMap<Db, Map<K, Entry<V>>>();
  const fresh = (e: Entry<V>, at: number, wall: number) =>
    wall - e.builtAt < ttlMs && at >= e.asOf && at - e.asOf < ttlMs;

  return {
    get(db, key, now, build, version) {
      const at = now.getTime();
      const wall = Date.now();
      let entries = byDb.get(db);
      if (!entries) {
        entries = new Map();
        byDb.set(db, entries);
      }
      const found = entries.get(key);
      if (found && found.version === version && fresh(found, at, wall)) return found.value;
      if (!found && entries.size >= MAX_KEYS) {
        for (const [k, e] of entries) if (!fresh(e, at, wall)) entries.delete(k);
        for (const k of entries.keys()) {
          if (entries.size < MAX_KEYS) break;
          entries.delete(k);
        }
      }
      const value = build();
      const entry = { value, builtAt: wall, asOf: at, version };
      // Re-inserted, so that the map's order stays the order of building (oldest first).
      entries.delete(key);
      entries.set(key, entry);
      const mine = entries;
      // A failed build is not kept.
      value.catch(() => mine.get(key) === entry && mine.delete(key));
      return value;
    },
    drop(db, key) {
      if (key === undefined) byDb.delete(db);
      else byDb.get(db)?.delete(key);
    },
  };
}
