import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { serverSettings } from "../../db/schema";

/**
 * A value the server makes for itself the first time it is needed and keeps: the first process to
 * insert it wins, and every process (two starting at once included) reads that one back.
 */
export async function settingOnce(db: Db, key: string, make: () => string): Promise<string> {
  await db.insert(serverSettings).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSettings.value })
    .from(serverSettings)
    .where(eq(serverSettings.key, key));
  return row.value;
}

/** Memoised per database: asked on hot paths (every push, every email), made once. */
export function cachedSetting<T>(key: string, make: () => string, parse: (value: string) => T) {
  const cache = new WeakMap<Db, Promise<T>>();
  return (db: Db): Promise<T> => {
    let found = cache.get(db);
    if (!found) {
      found = settingOnce(db, key, make).then(parse);
      // A failed read (database down) is tried afresh next time, not remembered.
      found.catch(() => cache.delete(db));
      cache.set(db, found);
    }
    return found;
  };
}
