import { and, count, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  emailSuppressions,
  notificationPreferences,
  notifications,
  pushSubscriptions,
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
export async function saveSubscription(
  db: Db,
  userId: number,
  s: { endpoint: string; p256dh: string; auth: string },
  at: Date,
) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, createdAt: at })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: s.p256dh, auth: s.auth, createdAt: at },
    });
}

export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function subscriptionCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row.n;
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
