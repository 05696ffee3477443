import { lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailVerifications, passwordResets, pendingSignIns, sessions } from "../../db/schema";

/** Each table of single-use links, sign-in steps and sessions, by the name a log gives it. */
const LINK_TABLES = {
  password_resets: passwordResets,
  email_verifications: emailVerifications,
  pending_sign_ins: pendingSignIns,
  sessions,
};

/**
 * The single-use links, steps of signing in and sessions whose time is over: password resets (an
 * hour), email verifications (a day), two-factor sign-ins waiting for their code (five minutes) and
 * sessions past their expiry (a session in use is renewed before it). Once expired they open
 * nothing (every claim and every request checks the expiry, and their answers never tell expired
 * from unknown), so they are only hashes kept for nobody; an expired session's push subscriptions
 * go with it (they were no longer pushed to). A session signed out or ended by a ban but not yet
 * expired stays: a banned member's page still hears why until then. Each table on its own: one
 * that fails (logged by the caller) leaves the others forgotten.
 */
export async function forgetExpiredLinks(
  db: Db,
  now: Date,
): Promise<{ forgotten: Record<string, number>; failed: { table: string; err: unknown }[] }> {
  const forgotten: Record<string, number> = {};
  const failed: { table: string; err: unknown }[] = [];
  for (const [table, links] of Object.entries(LINK_TABLES)) {
    try {
      const rows = await db
        .delete(links)
        .where(lt(links.expiresAt, now))
        .returning({ tokenHash: links.tokenHash });
      forgotten[table] = rows.length;
    } catch (err) {
      failed.push({ table, err });
    }
  }
  return { forgotten, failed };
}
