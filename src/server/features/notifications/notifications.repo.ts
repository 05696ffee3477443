import { and, count, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import {
  emailSuppressions,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  sessions,
} from "../../db/schema";

export const PAGE_SIZE = 20;

/** A page of the member's notifications, newest first, after the `before` id. */
export function page(db: Db, userId: number, before: number | undefined) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), before ? lt(notifications.id, before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(PAGE_SIZE + 1);
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row.n;
}

/** Marks the member's own (those ids, or all) read; another member's ids match nothing. */
export async function markRead(db: Db, userId: number, ids: number[] | undefined, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export function preferences(db: Db, userId: number) {
  return db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

/** Sets one kind's choices, leaving what is not given as it was. */
export async function setPreference(
  db: Db,
  userId: number,
  kind: string,
  change: { push?: boolean; email?: boolean },
) {
  await db
    .insert(notificationPreferences)
    .values({ userId, kind, push: change.push ?? true, email: change.email ?? null })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: {
        ...(change.push === undefined ? {} : { push: change.push }),
        ...(change.email === undefined ? {} : { email: change.email }),
      },
    });
}

/** Saves a browser's subscription; the same browser signed in as another member moves to them. */
const PUSH_LOCK_NAMESPACE = 51_902;

/** Serialises one member's subscribes (the count of their devices), until the transaction ends. */
export async function lockMemberSubscriptions(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PUSH_LOCK_NAMESPACE}, ${userId})`);
}

export type PushKeys = { endpoint: string; p256dh: string; auth: string };

/**
 * Who holds an endpoint, locked, and whether the session that turned it on is still live (not
 * signed out, revoked or expired, its member neither deleted nor banned). Rows older than the
 * session column have no session: nobody can tell, and they move as they always did.
 */
export async function endpointHolder(tx: Tx, endpoint: string, now: Date) {
  const rows = await queryRows<{ id: number; user_id: number; session_live: boolean }>(
    tx,
    sql`select p.id, p.user_id,
          (s.id is not null and s.revoked_at is null and s.expires_at > ${now}
           and u.deleted_at is null and u.banned_at is null) as session_live
        from push_subscriptions p
        join users u on u.id = p.user_id
        left join sessions s on s.id = p.session_id
        where p.endpoint = ${endpoint}
        for update of p`,
  );
  const row = rows[0];
  return row ? { id: row.id, userId: row.user_id, sessionLive: row.session_live } : undefined;
}

export async function sessionIdOf(tx: Tx, tokenHash: string): Promise<number | null> {
  const [row] = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, tokenHash));
  return row?.id ?? null;
}

export async function subscriptionCount(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row.n;
}

/** A new endpoint; false when another request stored the same endpoint meanwhile. */
export async function insertSubscription(
  tx: Tx,
  userId: number,
  sessionId: number | null,
  s: PushKeys,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(pushSubscriptions)
    .values({ userId, sessionId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, createdAt: at })
    .onConflictDoNothing({ target: pushSubscriptions.endpoint })
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The endpoint's row given to `userId` with the browser's current keys and session. */
export async function renewSubscription(
  tx: Tx,
  id: number,
  userId: number,
  sessionId: number | null,
  s: PushKeys,
  at: Date,
): Promise<void> {
  await tx
    .update(pushSubscriptions)
    .set({ userId, sessionId, p256dh: s.p256dh, auth: s.auth, createdAt: at })
    .where(eq(pushSubscriptions.id, id));
}

/** The subscriptions a session turned on (it is signing out or being replaced on its browser). */
export async function deleteSessionSubscriptions(db: Db, tokenHash: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(
      eq(
        pushSubscriptions.sessionId,
        db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, tokenHash)),
      ),
    );
}

export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function suppress(db: Db, email: string, kind: string, at: Date) {
  await db
    .insert(emailSuppressions)
    .values({ email: email.toLowerCase(), kind, createdAt: at })
    .onConflictDoNothing();
}

export async function isSuppressed(db: Db, email: string, kind: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(emailSuppressions)
    .where(and(eq(emailSuppressions.email, email.toLowerCase()), eq(emailSuppressions.kind, kind)));
  return rows.length > 0;
}
