import { and, asc, count, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { passkeys, users, webauthnChallenges } from "../../db/schema";

export type ChallengePurpose = "register" | "sign_in";

/** Stores a challenge handed out, and drops the ones nobody answered in time (they pile up otherwise). */
export async function insertChallenge(
  db: Db,
  values: {
    challengeHash: string;
    purpose: ChallengePurpose;
    userId: number | null;
    expiresAt: Date;
    createdAt: Date;
  },
) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, values.createdAt));
  await db.insert(webauthnChallenges).values(values);
}

/**
 * Takes a challenge for one use: deletes it and says whether it was there, unexpired, for this
 * purpose (and member). Reading and deleting in one statement makes a racing second answer miss.
 */
export async function claimChallenge(
  db: Db,
  challengeHash: string,
  purpose: ChallengePurpose,
  userId: number | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challengeHash, challengeHash),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ hash: webauthnChallenges.challengeHash });
  return rows.length === 1;
}

export async function listForUser(db: Db, userId: number) {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countForUser(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert) {
  const rows = await db
    .insert(passkeys)
    .values(values)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return rows[0];
}

/** Deletes one of the member's passkeys; undefined when it is not theirs (or already gone). */
export async function deleteOwn(db: Db, userId: number, id: number) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id, name: passkeys.name });
  return row;
}

export async function deleteAllOf(db: Db, userId: number): Promise<number> {
  const rows = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  return rows.length;
}

/** The passkey a sign-in names, with its member (deleted members never sign in: not found). */
export async function findForSignIn(db: Db, credentialId: string) {
  const [row] = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(and(eq(passkeys.credentialId, credentialId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Records a use: the new signature counter and when. Conditional on the counter having moved
 * forward (or both being 0: authenticators that keep no counter), so of two sign-ins replaying one
 * counter value, or a cloned authenticator behind the real one, only one gets through.
 */
export async function recordUse(db: Db, id: number, seenCounter: number, newCounter: number, at: Date) {
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: at })
    .where(
      and(
        eq(passkeys.id, id),
        eq(passkeys.counter, seenCounter),
        or(
          gt(sql`${newCounter}::bigint`, passkeys.counter),
          and(eq(passkeys.counter, 0), sql`${newCounter} = 0`),
        ),
      ),
    )
    .returning({ id: passkeys.id });
  return rows.length === 1;
}
