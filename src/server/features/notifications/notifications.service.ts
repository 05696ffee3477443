import { and, eq } from "drizzle-orm";
import {
  EMAIL_KIND_DEFAULTS,
  type MarkReadBody,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  type Preference,
  type PreferenceChange,
  type PushSubscriptionBody,
} from "../../../core/schemas/notifications";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { notificationPreferences, pushSubscriptions } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { requireUser, type Viewer } from "../../http/viewer";
import { checkEndpoint, EndpointRefused } from "./endpoint-guard";
import * as repo from "./notifications.repo";
import { vapidKeys } from "./vapid";

const view = (row: Awaited<ReturnType<typeof repo.page>>[number]): Notification => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** GET /api/notifications: the member's own, newest first, a page at a time. */
export async function list(
  ctx: AppContext,
  viewer: Viewer,
  cursor: string | undefined,
): Promise<NotificationPage> {
  const user = requireUser(viewer);
  const rows = await repo.page(ctx.db, user.id, cursor ? Number(cursor) : undefined);
  const items = rows.slice(0, repo.PAGE_SIZE).map(view);
  return {
    items,
    unreadCount: await repo.unreadCount(ctx.db, user.id),
    nextCursor: rows.length > repo.PAGE_SIZE ? String(items[items.length - 1].id) : null,
  };
}

export async function unreadCount(ctx: AppContext, viewer: Viewer) {
  const user = requireUser(viewer);
  return { unreadCount: await repo.unreadCount(ctx.db, user.id) };
}

/** POST /api/notifications/read: those ids of the member's own, or all of them. */
export async function markRead(ctx: AppContext, viewer: Viewer, body: MarkReadBody) {
  const user = requireUser(viewer);
  const marked = await repo.markRead(ctx.db, user.id, body?.ids, ctx.clock.now());
  return { marked, unreadCount: await repo.unreadCount(ctx.db, user.id) };
}

/** The member's choice for an email kind, or its default (EMAIL_KIND_DEFAULTS). */
export async function wantsEmail(db: Db, userId: number, kind: NotificationKind): Promise<boolean> {
  const [row] = await db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return row?.email ?? EMAIL_KIND_DEFAULTS[kind] ?? false;
}

async function preferenceList(db: Db, userId: number): Promise<Preference[]> {
  const stored = new Map((await repo.preferences(db, userId)).map((p) => [p.kind, p]));
  return NOTIFICATION_KINDS.map((kind) => {
    const p = stored.get(kind);
    const emailDefault = EMAIL_KIND_DEFAULTS[kind];
    return {
      kind,
      label: NOTIFICATION_KIND_LABELS[kind],
      push: p?.push ?? true,
      email: emailDefault === undefined ? null : (p?.email ?? emailDefault),
    };
  });
}

export async function preferences(ctx: AppContext, viewer: Viewer) {
  const user = requireUser(viewer);
  return { preferences: await preferenceList(ctx.db, user.id) };
}

export async function setPreferences(ctx: AppContext, viewer: Viewer, body: PreferenceChange) {
  const user = requireUser(viewer);
  const details = body.preferences.flatMap((p, i) =>
    p.email !== undefined && EMAIL_KIND_DEFAULTS[p.kind] === undefined
      ? [{ path: `preferences.${i}.email`, message: "This kind is not sent by email" }]
      : [],
  );
  if (details.length) throw badRequest("This kind is not sent by email", details);
  for (const p of body.preferences) await repo.setPreference(ctx.db, user.id, p.kind, p);
  return { preferences: await preferenceList(ctx.db, user.id) };
}

export async function publicKey(ctx: AppContext, viewer: Viewer) {
  requireUser(viewer);
  return { publicKey: (await vapidKeys(ctx)).publicKey };
}

/** POST /api/push/subscriptions: the browser's subscription, on a public https endpoint only. */
export async function subscribe(ctx: AppContext, viewer: Viewer, body: PushSubscriptionBody) {
  const user = requireUser(viewer);
  try {
    await checkEndpoint(body.endpoint, { allowPrivate: ctx.config.pushAllowPrivateEndpoints });
  } catch (err) {
    if (!(err instanceof EndpointRefused)) throw err;
    throw badRequest(err.message, [{ path: "endpoint", message: err.message }]);
  }
  await repo.saveSubscription(
    ctx.db,
    user.id,
    { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
    ctx.clock.now(),
  );
  return { message: "Push notifications are on for this device" };
}

/** Every push subscription of a member (their account is deleted). */
export async function forgetPushSubscriptions(db: Db, userId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** DELETE /api/push/subscriptions: by endpoint, the member's own only (another's is not found). */
export async function unsubscribe(ctx: AppContext, viewer: Viewer, endpoint: string) {
  const user = requireUser(viewer);
  if (!(await repo.deleteSubscription(ctx.db, user.id, endpoint)))
    throw notFound("No such push subscription");
  return { message: "Push notifications are off for this device" };
}

// What other features call where their events happen (DESIGN 2 layout: a feature calls another's
// service): one notification or a few, a fan-out to many, and an email's unsubscribe headers.
export { type Fanout, queueFanout } from "./fanouts";
export { giftCardDelivered, giftCardRefunded } from "./gift-card-notices";
export { isSuppressed } from "./notifications.repo";
export { type NotifyInput, notify } from "./notify";
export { unsubscribeHeaders } from "./unsubscribe-token";
