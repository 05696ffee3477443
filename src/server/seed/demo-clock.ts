import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { loadViewerUser } from "../features/auth/auth.repo";
import type { Viewer } from "../http/viewer";
import { bookAt } from "../ledger/transfer";

/**
 * The database as seen at `time`: every transaction opened through it books its ledger transfers
 * at that time (ledger bookAt), so a seeded entry fee, prize or point carries the moment it would
 * have happened rather than the moment the seed ran.
 */
function bookedAtDb(db: Db, time: Date): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "transaction") return Reflect.get(target, property, receiver);
      const open: Db["transaction"] = (work, config) =>
        target.transaction(async (tx) => {
          await bookAt(tx, time);
          return work(tx);
        }, config);
      return open;
    },
  });
}

/** The app's context with its clock set to `time`: demo data made at the moment it would have been. */
export const at = (ctx: AppContext, time: number): AppContext => ({
  ...ctx,
  db: bookedAtDb(ctx.db, new Date(time)),
  clock: { now: () => new Date(time) },
});

/** A demo member as the services see a signed-in member, at the context's time. */
export async function viewerOf(ctx: AppContext, username: string): Promise<Viewer> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const user = row && (await loadViewerUser(ctx.db, row.id, ctx.clock.now()));
  if (!user) throw new Error(`demo member ${username} is missing`);
  return { state: "user", user, tokenHash: "demo-seed" };
}
