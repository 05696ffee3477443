import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pendingSignIns, twoFactorRecoveryCodes, twoFactorSecrets, users } from "../../db/schema";

/** The member's secret row, locked for the caller's transaction (a code is accepted once). */
export async function lockSecret(tx: Db, userId: number) {
  const [row] = await tx
    .select()
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId))
    .for("update");
  return row;
}

/** A new set-up replaces one in progress; never a confirmed secret (the caller checks). */
export async function savePendingSecret(db: Db, userId: number, secret: string, now: Date) {
  await db
    .insert(twoFactorSecrets)
    .values({ userId, secret, confirmed: false, lastUsedStep: null, createdAt: now })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secret, confirmed: false, lastUsedStep: null, createdAt: now },
      setWhere: eq(twoFactorSecrets.confirmed, false),
    });
}

export async function markStepUsed(tx: Db, userId: number, step: number, confirm = false) {
  await tx
    .update(twoFactorSecrets)
    .set({ lastUsedStep: step, ...(confirm ? { confirmed: true } : {}) })
    .where(eq(twoFactorSecrets.userId, userId));
}

export async function setEnabledAt(tx: Db, userId: number, at: Date | null) {
  await tx.update(users).set({ twoFactorEnabledAt: at }).where(eq(users.id, userId));
}

/** Turning two-factor off forgets the secret and every recovery code. */
export async function forgetTwoFactor(tx: Db, userId: number) {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  await tx.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
}

/** The member's recovery codes become exactly these (hashes); the old ones stop working. */
export async function replaceRecoveryCodes(tx: Db, userId: number, hashes: string[], now: Date) {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx
    .insert(twoFactorRecoveryCodes)
    .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Uses one recovery code: true when it was the member's and unused (a conditional update). */
export async function spendRecoveryCode(tx: Db, userId: number, codeHash: string, now: Date) {
  const used = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertPendingSignIn(db: Db, row: typeof pendingSignIns.$inferInsert) {
  await db.insert(pendingSignIns).values(row);
}

export async function lockPendingSignIn(tx: Db, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(pendingSignIns)
    .where(eq(pendingSignIns.tokenHash, tokenHash))
    .for("update");
  return row;
}

export async function countFailure(tx: Db, tokenHash: string) {
  await tx
    .update(pendingSignIns)
    .set({ failedAttempts: sql`${pendingSignIns.failedAttempts} + 1` })
    .where(eq(pendingSignIns.tokenHash, tokenHash));
}

export async function markPendingUsed(tx: Db, tokenHash: string, now: Date) {
  await tx.update(pendingSignIns).set({ usedAt: now }).where(eq(pendingSignIns.tokenHash, tokenHash));
}
