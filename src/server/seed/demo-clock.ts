import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { loadViewerUser } from "../features/auth/auth.repo";
import type { Viewer } from "../http/viewer";

/** The app's context with its clock set to `time`: demo data made at the moment it would have been. */
export const at = (ctx: AppContext, time: number): AppContext => ({
  ...ctx,
  clock: { now: () => new Date(time) },
});

/** A demo member as the services see a signed-in member, at the context's time. */
export async function viewerOf(ctx: AppContext, username: string): Promise<Viewer> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const user = row && (await loadViewerUser(ctx.db, row.id, ctx.clock.now()));
  if (!user) throw new Error(`demo member ${username} is missing`);
  return { state: "user", user, tokenHash: "demo-seed" };
}
