import { and, desc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { passwordResets, sessions, subscriptions, users } from "../../db/schema";
import { effectiveStatus, type ViewerUser } from "../../http/viewer";

export async function findUserByLogin(db: Db, login: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        or(sql`lower(${users.username}) = lower(${login})`, sql`lower(${users.email}) = lower(${login})`),
      ),
    )
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return row;
}

export async function usernameOrEmailTaken(db: Db, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(sql`lower(${users.username}) = lower(${username})`, sql`lower(${users.email}) = lower(${email})`),
    );
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function loadViewerUser(db: Db, userId: number, now: Date): Promise<ViewerUser | undefined> {
  const [row] = await db
    .select({ user: users, sub: subscriptions })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  return {
    ...row.user,
    subscriptionStatus: effectiveStatus(row.sub, now),
    subscriptionPeriodEnd: row.sub?.currentPeriodEnd ?? null,
  };
}

export async function insertSession(
  db: Db,
  values: {
    tokenHash: string;
    userId: number;
    deviceFingerprint: string | null;
    userAgent: string | null;
    expiresAt: Date;
  },
) {
  await db.insert(sessions).values(values);
}

export async function revokeSession(db: Db, tokenHash: string, at: Date) {
  await db.update(sessions).set({ revokedAt: at }).where(eq(sessions.tokenHash, tokenHash));
}

/** The member's password hash as stored now (null for a deleted member). */
export async function passwordHashOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.hash ?? null;
}

/**
 * Ends every live session of a member (the next request of each, on any process, gets 401), but
 * the one presented when `exceptTokenHash` names it; answers how many.
 */
export async function revokeAllSessions(
  db: Db,
  userId: number,
  at: Date,
  exceptTokenHash?: string,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptTokenHash === undefined ? undefined : ne(sessions.tokenHash, exceptTokenHash),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** Ends one session of a member, by its id; false when no such live session is theirs. */
export async function endSession(db: Db, userId: number, sessionId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/**
 * Whether this sign-in comes from a device new to the member: they signed in before (any session,
 * ended or not), never from this one. A first sign-in ever has no usual device to differ from.
 */
export async function isNewDevice(db: Db, userId: number, fingerprint: string): Promise<boolean> {
  const [row] = await queryRows<{ before: boolean; here: boolean }>(
    db,
    sql`select exists (select 1 from sessions where user_id = ${userId}) as before,
      exists (select 1 from sessions where user_id = ${userId} and device_fingerprint = ${fingerprint}) as here`,
  );
  return row.before && !row.here;
}

/**
 * A member's sessions still usable at `now`, newest first, each saying whether it is the one
 * presented (`currentTokenHash`; none for an admin's view). The token hash itself stays out.
 */
export async function activeSessions(db: Db, userId: number, now: Date, currentTokenHash?: string) {
  return db
    .select({
      id: sessions.id,
      deviceFingerprint: sessions.deviceFingerprint,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      current:
        currentTokenHash === undefined
          ? sql<boolean>`false`
          : sql<boolean>`${sessions.tokenHash} = ${currentTokenHash}`,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}

export async function insertPasswordReset(
  db: Db,
  values: { tokenHash: string; userId: number; expiresAt: Date },
) {
  await db.insert(passwordResets).values(values);
}

/** Claims a reset token: only one caller can use it, and only before it expires. */
export async function claimPasswordReset(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row;
}

export async function invalidateOtherResets(db: Db, userId: number, now: Date) {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
