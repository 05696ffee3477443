import { lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailVerifications, passwordResets, pendingSignIns } from "../../db/schema";

/**
 * The single-use links and steps of signing in whose time is over: password resets (an hour),
 * email verifications (a day) and two-factor sign-ins waiting for their code (five minutes). Once
 * expired they open nothing (every claim checks the expiry, and their answers never tell expired
 * from unknown), so they are only hashes kept for nobody. Each table on its own: one that fails
 * (logged by the caller) leaves the others forgotten.
 */
export async function forgetExpiredLinks(
  db: Db,
  now: Date,
): Promise<{ forgotten: Record<string, number>; failed: { table: string; err: unknown }[] }> {
  const tables = {
    password_resets: () =>
      db
        .delete(passwordResets)
        .where(lt(passwordResets.expiresAt, now))
        .returning({ k: passwordResets.tokenHash }),
    email_verifications: () =>
      db
        .delete(emailVerifications)
        .where(lt(emailVerifications.expiresAt, now))
        .returning({ k: emailVerifications.tokenHash }),
    pending_sign_ins: () =>
      db
        .delete(pendingSignIns)
        .where(lt(pendingSignIns.expiresAt, now))
        .returning({ k: pendingSignIns.tokenHash }),
  };
  const forgotten: Record<string, number> = {};
  const failed: { table: string; err: unknown }[] = [];
  for (const [table, forget] of Object.entries(tables)) {
    try {
      forgotten[table] = (await forget()).length;
    } catch (err) {
      failed.push({ table, err });
    }
  }
  return { forgotten, failed };
}
