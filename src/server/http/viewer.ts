import { and, eq, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_TTL_MS } from "../../core/constants";
import { EMAIL_NOT_VERIFIED_MESSAGE, type SubscriptionStatus } from "../../core/schemas/auth";
import type { Clock } from "../clock";
import { type Db, preparedOnce } from "../db/client";
import { sessions, subscriptions, type UserRow, users } from "../db/schema";
import {
  AppError,
  accountSuspended,
  deviceChanged,
  forbidden,
  sessionInvalid,
  subscriptionRequired,
  unauthenticated,
} from "../errors";
import { hashToken } from "../features/auth/tokens";

export const SESSION_COOKIE = "sr_session";
export const FINGERPRINT_HEADER = "x-device-fingerprint";

export type ViewerUser = UserRow & {
  subscriptionStatus: SubscriptionStatus;
  subscriptionPeriodEnd: Date | null;
};

/** Who is asking: resolved once per request from the session cookie. */
export type Viewer =
  | { state: "anonymous" }
  | { state: "invalid"; reason: "sessionInvalid" | "deviceChanged"; tokenHash: string }
  /** The member was banned: the session's next request says so, with the reason (issue 32). */
  | { state: "invalid"; reason: "suspended"; tokenHash: string; banReason: string | null }
  | { state: "user"; user: ViewerUser; tokenHash: string };

/**
 * How long an active membership stays usable past its period end while the renewal arrives:
 * the sandbox renews on the next job tick, Stripe through its invoice.paid webhook.
 */
export function renewalGraceMs(provider: string): number {
  return provider === "stripe" ? 3 * 24 * 3600 * 1000 : 24 * 3600 * 1000;
}

// The step sync checks a session in SQL too (step_sync_session, drizzle/0016), letting through
// only what these rules certainly let through: a rule added here that refuses more must be added
// there as well (session-sync.test.ts lists the cases).
export function effectiveStatus(
  row: { status: string; provider: string; currentPeriodEnd: Date } | null,
  now: Date,
): SubscriptionStatus {
  if (!row) return "inactive";
  if (row.status === "expired") return "expired";
  const end = row.currentPeriodEnd.getTime();
  // A period that has run out counts as expired even before the job has written it.
  if (row.status === "cancel_at_period_end") return end > now.getTime() ? "cancel_at_period_end" : "expired";
  return end + renewalGraceMs(row.provider) > now.getTime() ? "active" : "expired";
}

/** What a session check reads: the session, its user and their subscription (the columns the checks read). */
const sessionColumns = {
  session: {
    deviceFingerprint: sessions.deviceFingerprint,
    expiresAt: sessions.expiresAt,
    revokedAt: sessions.revokedAt,
  },
  user: users,
  sub: {
    status: subscriptions.status,
    provider: subscriptions.provider,
    currentPeriodEnd: subscriptions.currentPeriodEnd,
  },
};

export type SessionRow = {
  session: { deviceFingerprint: string | null; expiresAt: Date; revokedAt: Date | null };
  user: UserRow;
  sub: { status: string; provider: string; currentPeriodEnd: Date } | null;
};

/**
 * A select of the session with the given token hash (placeholder `tokenHash`), its user and their
 * subscription, beside a route's own `columns`: a route asked very often (the group page) reads
 * the session and its answer in one round trip, then judges the session as every request does
 * (`Request.viewerWith`). The caller joins what its columns need and adds `.where(sessionIs)`.
 */
export function selectWithSession<T extends SelectedFields>(db: Db, columns: T) {
  return db
    .select({ ...sessionColumns, ...columns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id));
}

/** The where clause of `selectWithSession`: the session the request presents. */
export const sessionIs = eq(sessions.tokenHash, sql.placeholder("tokenHash"));

/** The session look-up every request makes (once, when a route asks who is asking). */
const sessionLookup = preparedOnce((db, name) =>
  selectWithSession(db, {}).where(sessionIs).limit(1).prepare(name("viewer_session")),
);

/** The session a request presents: its cookie's token hash and the device fingerprint header. */
export type SessionCredentials = { tokenHash: string; fingerprint: string | null };

export function sessionCredentials(request: FastifyRequest): SessionCredentials | null {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const fingerprint = request.headers[FINGERPRINT_HEADER];
  return { tokenHash: hashToken(token), fingerprint: typeof fingerprint === "string" ? fingerprint : null };
}

/**
 * Sliding expiry, written at most once a day per session: a session expiring before this instant
 * is renewed by its next request.
 */
export function sessionFreshUntil(now: Date): Date {
  return new Date(now.getTime() + SESSION_TTL_MS - 24 * 3600 * 1000);
}

export async function resolveViewer(
  db: Db,
  clock: Clock,
  request: FastifyRequest,
  reply: FastifyReply,
  cookieOptions: { secure: boolean },
): Promise<Viewer> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return { state: "anonymous" };
  const tokenHash = hashToken(token);
  const [row] = await sessionLookup(db).execute({ tokenHash });
  return judgeSession({ db, clock, request, reply, cookieOptions }, token, tokenHash, row as SessionRow);
}

/**
 * The member is banned and this session was open when the ban came (the ban ends sessions at its
 * own instant): a session signed out earlier, or expired, learns nothing of it.
 */
function bannedWhileOpen(row: SessionRow, now: Date): boolean {
  const { user, session } = row;
  if (!user.bannedAt || user.deletedAt || session.expiresAt <= now) return false;
  return !session.revokedAt || session.revokedAt.getTime() >= user.bannedAt.getTime();
}

export type SessionJudge = {
  db: Db;
  clock: Clock;
  request: FastifyRequest;
  reply: FastifyReply;
  cookieOptions: { secure: boolean };
};

/**
 * The checks every request's session goes through, on the row read by its token hash (undefined:
 * no such session). A rejected cookie is cleared; a session near its expiry is renewed.
 */
export async function judgeSession(
  { db, clock, request, reply, cookieOptions }: SessionJudge,
  token: string,
  tokenHash: string,
  row: SessionRow | undefined,
): Promise<Viewer> {
  const now = clock.now();
  const fingerprint = request.headers[FINGERPRINT_HEADER];
  const sameDevice = !row?.session.deviceFingerprint || fingerprint === row.session.deviceFingerprint;
  // A banned member's own session (ended by the ban, or still open) hears why, every time: its
  // cookie is kept, so the page they had open, and any page reloaded, says they are suspended.
  if (row && sameDevice && bannedWhileOpen(row, now)) {
    return { state: "invalid", reason: "suspended", tokenHash, banReason: row.user.bannedReason };
  }
  // A rejected cookie is cleared, so the browser's next request (the sign-in page) is anonymous.
  if (
    !row ||
    row.session.revokedAt ||
    row.session.expiresAt <= now ||
    row.user.deletedAt ||
    row.user.bannedAt
  ) {
    clearSessionCookie(reply);
    return { state: "invalid", reason: "sessionInvalid", tokenHash };
  }
  // The session is bound to the device that signed in: another fingerprint, or none, is refused.
  if (!sameDevice) {
    clearSessionCookie(reply);
    return { state: "invalid", reason: "deviceChanged", tokenHash };
  }
  if (row.session.expiresAt < sessionFreshUntil(now)) {
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db
      .update(sessions)
      .set({ expiresAt })
      .where(and(eq(sessions.tokenHash, tokenHash)));
    setSessionCookie(reply, token, cookieOptions.secure);
  }
  return {
    state: "user",
    tokenHash,
    user: {
      ...row.user,
      subscriptionStatus: effectiveStatus(row.sub, now),
      subscriptionPeriodEnd: row.sub?.currentPeriodEnd ?? null,
    },
  };
}

/**
 * Reads the session and a route's own answer in one statement (`read`, given the token hash; see
 * `selectWithSession`), then judges the session as `request.viewer()` would and keeps that viewer
 * for the rest of the request. Without a session cookie nothing is read.
 */
export type ViewerWith = <R extends SessionRow>(
  read: (tokenHash: string) => Promise<R | undefined>,
) => Promise<{ viewer: Viewer; row: R | undefined }>;

/** `Request.viewerWith`: the request's session read with `read`, judged, and kept as its viewer. */
export async function readWithSession<R extends SessionRow>(
  judge: SessionJudge,
  read: (tokenHash: string) => Promise<R | undefined>,
): Promise<{ viewer: Viewer; row: R | undefined }> {
  const { request } = judge;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return { viewer: await request.viewer(), row: undefined };
  const tokenHash = hashToken(token);
  const row = await read(tokenHash);
  request.viewerPromise ??= judgeSession(judge, token, tokenHash, row);
  return { viewer: await request.viewerPromise, row };
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

export function requireUser(viewer: Viewer): ViewerUser {
  if (viewer.state === "user") return viewer.user;
  if (viewer.state === "invalid") {
    if (viewer.reason === "suspended") throw accountSuspended(viewer.banReason);
    throw viewer.reason === "deviceChanged" ? deviceChanged() : sessionInvalid();
  }
  throw unauthenticated();
}

/** The signed-in member and the token hash of the session they asked with. */
export function requireSession(viewer: Viewer): { user: ViewerUser; tokenHash: string } {
  const user = requireUser(viewer);
  // requireUser returned: the viewer is a member's live session, which has a token hash.
  return { user, tokenHash: (viewer as { tokenHash: string }).tokenHash };
}

export function hasActiveSubscription(user: ViewerUser): boolean {
  return user.subscriptionStatus === "active" || user.subscriptionStatus === "cancel_at_period_end";
}

export function requireActiveSubscription(viewer: Viewer): ViewerUser {
  const user = requireUser(viewer);
  if (!hasActiveSubscription(user)) throw subscriptionRequired();
  return user;
}

/**
 * No money leaves through an account whose email is not verified (issue 30): gift-card redemptions
 * answer 403 EMAIL_NOT_VERIFIED, whose message offers a new link.
 */
export function requireVerifiedEmail(viewer: Viewer): ViewerUser {
  const user = requireUser(viewer);
  if (!user.emailVerifiedAt) throw new AppError(403, "EMAIL_NOT_VERIFIED", EMAIL_NOT_VERIFIED_MESSAGE);
  return user;
}

export function requireAdmin(viewer: Viewer): ViewerUser {
  const user = requireUser(viewer);
  if (!user.isAdmin) throw forbidden("Admin privileges required");
  return user;
}
