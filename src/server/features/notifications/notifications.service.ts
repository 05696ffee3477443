import { and, eq } from "drizzle-orm";
import { MAX_PUSH_SUBSCRIPTIONS } from "../../../core/constants";
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
import { AppError, badRequest, conflict, notFound } from "../../errors";
import { takePushSubscribe } from "../../http/member-limits";
import { requireSession, requireUser, type Viewer } from "../../http/viewer";
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

const tooManyDevices = () =>
  new AppError(
    429,
    "RATE_LIMITED",
    `You can turn on notifications on at most ${MAX_PUSH_SUBSCRIPTIONS} devices. ` +
      "Turn them off on a device you no longer use first.",
  );

const heldByAnotherAccount = () =>
  conflict(
    "Notifications on this browser are turned on for another account that is still signed in here. " +
      "Sign in as that account and turn them off, or sign it out, then try again.",
  );

/**
 * POST /api/push/subscriptions: the browser's subscription, on a public https endpoint only. At
 * most MAX_PUSH_SUBSCRIPTIONS per member (the same endpoint again renews it). An endpoint another
 * member holds moves only once the session that turned it on has ended (signed out, expired,
 * revoked): a shared phone passes to whoever signs in next, a live session keeps it.
 */
export async function subscribe(ctx: AppContext, viewer: Viewer, body: PushSubscriptionBody) {
  const { user, tokenHash } = requireSession(viewer);
  await takePushSubscribe(ctx, user.id);
  try {
    await checkEndpoint(body.endpoint, { allowPrivate: ctx.config.pushAllowPrivateEndpoints });
  } catch (err) {
    if (!(err instanceof EndpointRefused)) throw err;
    throw badRequest(err.message, [{ path: "endpoint", message: err.message }]);
  }
  const keys = { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth };
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await repo.lockMemberSubscriptions(tx, user.id);
    const sessionId = await repo.sessionIdOf(tx, tokenHash);
    const holder = await repo.endpointHolder(tx, body.endpoint, now);
    if (holder?.userId === user.id)
      return repo.renewSubscription(tx, holder.id, user.id, sessionId, keys, now);
    if (holder?.sessionLive) throw heldByAnotherAccount();
    if ((await repo.subscriptionCount(tx, user.id)) >= MAX_PUSH_SUBSCRIPTIONS) throw tooManyDevices();
    if (holder) return repo.renewSubscription(tx, holder.id, user.id, sessionId, keys, now);
    // Another member's request stored this endpoint since we looked: theirs, and live.
    if (!(await repo.insertSubscription(tx, user.id, sessionId, keys, now))) throw heldByAnotherAccount();
  });
  return { message: "Push notifications are on for this device" };
}

/** A session is signing out, or a new sign-in replaces it on its browser: its pushes stop. */
export async function forgetSessionPushSubscriptions(db: Db, tokenHash: string): Promise<void> {
  await repo.deleteSessionSubscriptions(db, tokenHash);
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
