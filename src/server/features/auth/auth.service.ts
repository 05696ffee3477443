import { eq } from "drizzle-orm";
import { PASSWORD_RESET_TTL_MS, SESSION_TTL_MS } from "../../../core/constants";
import { formatInZone } from "../../../core/dates";
import { describeUserAgent } from "../../../core/rules/user-agent";
import { type LoginInput, type RegisterInput, suspendedMessage } from "../../../core/schemas/auth";
import type { AppContext } from "../../context";
import { type UserRow, users } from "../../db/schema";
import { newSignInEmail, passwordResetEmail, welcomeEmail } from "../../email/templates";
import { AppError, badRequest, conflict } from "../../errors";
import { requireActiveSubscription, requireUser, type Viewer, type ViewerUser } from "../../http/viewer";
import { forgetSessionPushSubscriptions } from "../notifications/notifications.service";
import * as repo from "./auth.repo";
import { sendVerification } from "./email-verification.service";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./password";
import { startPendingSignIn } from "./pending-sign-in";
import { hashToken, newToken } from "./tokens";

/** The device signing in, as its request tells: the fingerprint, user agent and language. */
export type DeviceInfo = {
  fingerprint: string | null;
  userAgent: string | null;
  locale: string | null;
  /** The token hash of the session this browser held until now (its cookie), if any. */
  replaces?: string | null;
};

const FINGERPRINT_REQUIRED = "Device fingerprint required (send the X-Device-Fingerprint header)";

/** Every session is bound to a device (DESIGN 2.2), so signing in without one is refused. */
export function requireFingerprint(fingerprint: string | null | undefined): string {
  if (!fingerprint) {
    throw badRequest(FINGERPRINT_REQUIRED, [{ path: "deviceFingerprint", message: FINGERPRINT_REQUIRED }]);
  }
  return fingerprint;
}
export type PendingInvite = { inviteCode: string; type: string } | null;

const INVALID_LOGIN = "Invalid username or password";
export const INVALID_RESET = "This password reset link is invalid or expired.";
export const FORGOT_ANSWER = "If an account exists for that email, we've sent a password reset link.";

async function startSession(ctx: AppContext, userId: number, device: DeviceInfo): Promise<string> {
  const token = newToken();
  await repo.insertSession(ctx.db, {
    tokenHash: hashToken(token),
    userId,
    deviceFingerprint: device.fingerprint,
    userAgent: device.userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(ctx.clock.now().getTime() + SESSION_TTL_MS),
  });
  // The browser's cookie now names the new session, so the one it replaces can never be used
  // from here again: it ends, and so do its pushes (the next member of a shared phone may take
  // this browser's push endpoint; the previous one no longer gets notifications on it).
  if (device.replaces) await signOutSession(ctx, device.replaces);
  return token;
}

/** Signs a session out: it is revoked and the push subscriptions it turned on are removed. */
async function signOutSession(ctx: AppContext, tokenHash: string): Promise<void> {
  await forgetSessionPushSubscriptions(ctx.db, tokenHash);
  await repo.revokeSession(ctx.db, tokenHash, ctx.clock.now());
}

async function viewerUser(ctx: AppContext, userId: number): Promise<ViewerUser> {
  const user = await repo.loadViewerUser(ctx.db, userId, ctx.clock.now());
  if (!user) throw new AppError(500, "INTERNAL", "User vanished");
  return user;
}

export async function register(
  ctx: AppContext,
  input: RegisterInput,
  device: DeviceInfo,
  invite: PendingInvite,
): Promise<{ user: ViewerUser; token: string }> {
  requireFingerprint(device.fingerprint);
  const taken = await repo.usernameOrEmailTaken(ctx.db, input.username, input.email);
  if (taken.username) throw conflict("Username already taken");
  if (taken.email) throw conflict("Email already registered");
  const passwordHash = await hashPassword(input.password);
  let userId: number;
  try {
    const [row] = await ctx.db
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        timeZone: input.timeZone ?? "UTC",
        locale: device.locale,
        pendingInviteCode: invite?.inviteCode ?? null,
        pendingInviteType: invite?.type ?? null,
        createdAt: ctx.clock.now(),
      })
      .returning({ id: users.id });
    userId = row.id;
  } catch (err) {
    // Two registrations racing for the same name: the unique index decides.
    // Drizzle wraps the driver's error: the SQLSTATE is on its cause.
    const pgError = (err as { cause?: { code?: string } }).cause ?? (err as { code?: string });
    if (pgError.code === "23505") {
      throw conflict("Username or email already registered");
    }
    throw err;
  }
  const token = await startSession(ctx, userId, device);
  await ctx.mailer.send(input.email, welcomeEmail(input.firstName, ctx.config.appUrl));
  await sendVerification(ctx, { id: userId, firstName: input.firstName }, input.email, "signup");
  return { user: await viewerUser(ctx, userId), token };
}

export { suspendedMessage };

export type LoginResult = { user: ViewerUser; token: string } | { pendingToken: string };

export async function login(
  ctx: AppContext,
  input: LoginInput,
  device: DeviceInfo,
  invite: PendingInvite,
): Promise<LoginResult> {
  const fingerprint = requireFingerprint(input.deviceFingerprint ?? device.fingerprint);
  const found = await repo.findUserByLogin(ctx.db, input.username);
  const ok = await verifyPassword(input.password, found?.passwordHash ?? DUMMY_HASH);
  if (!found || !ok) throw new AppError(401, "INVALID_CREDENTIALS", INVALID_LOGIN);
  // Only after the password is right: nobody learns who is banned by guessing.
  refuseBanned(found);
  // With two-factor on, the password only opens the second step (two-factor.service.ts).
  if (found.twoFactorEnabledAt) {
    return { pendingToken: await startPendingSignIn(ctx, found.id, { ...device, fingerprint }) };
  }
  return completeSignIn(ctx, found, { ...device, fingerprint }, invite);
}

/** A banned member is refused at every way in, with the reason given (never who banned them). */
function refuseBanned(found: { bannedAt: Date | null; bannedReason: string | null }) {
  if (found.bannedAt) throw new AppError(403, "ACCOUNT_SUSPENDED", suspendedMessage(found.bannedReason));
}

/**
 * The end of every sign-in, once the member is proven (password and, when two-factor is on, the
 * code; or a passkey): a banned member refused (a ban may come while a code is typed), the invite
 * followed and the browser's language kept, the session started, and a member signing in from a
 * new device told by email.
 */
export async function completeSignIn(
  ctx: AppContext,
  found: UserRow,
  device: DeviceInfo & { fingerprint: string },
  invite: PendingInvite,
): Promise<{ user: ViewerUser; token: string }> {
  refuseBanned(found);
  // The invite a visitor followed, and the language their browser now asks for (emails' dates).
  const locale = device.locale && device.locale !== found.locale ? { locale: device.locale } : {};
  if (invite || locale.locale) {
    await ctx.db
      .update(users)
      .set({
        ...(invite ? { pendingInviteCode: invite.inviteCode, pendingInviteType: invite.type } : {}),
        ...locale,
      })
      .where(eq(users.id, found.id));
  }
  const newDevice = await repo.isNewDevice(ctx.db, found.id, device.fingerprint);
  const token = await startSession(ctx, found.id, device);
  if (newDevice) await tellOfNewDevice(ctx, found, device);
  return { user: await viewerUser(ctx, found.id), token };
}

/**
 * A sign-in from a device the member never signed in from before (having signed in elsewhere): they hear of it by email, with
 * what to do if it was not them. A mail that cannot go out never fails the sign-in.
 */
async function tellOfNewDevice(
  ctx: AppContext,
  user: { id: number; email: string; firstName: string; timeZone: string; locale: string | null },
  device: DeviceInfo,
) {
  try {
    const at = formatInZone(ctx.clock.now(), user.timeZone, user.locale ?? undefined);
    await ctx.mailer.send(
      user.email,
      newSignInEmail(user.firstName, {
        ...describeUserAgent(device.userAgent),
        at,
        sessionsLink: `${ctx.config.appUrl}/profile`,
        supportEmail: ctx.config.supportEmail,
      }),
    );
  } catch (err) {
    ctx.log.error({ err, userId: user.id }, "new sign-in email failed");
  }
}

/** Ends the session of the cookie presented, even one refused for another device. */
export async function logout(ctx: AppContext, viewer: Viewer): Promise<void> {
  if (viewer.state !== "anonymous") await signOutSession(ctx, viewer.tokenHash);
}

export async function forgotPassword(ctx: AppContext, email: string): Promise<string> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (user && !user.bannedAt) {
    const token = newToken();
    await repo.insertPasswordReset(ctx.db, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(ctx.clock.now().getTime() + PASSWORD_RESET_TTL_MS),
    });
    const link = `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await ctx.mailer.send(user.email, passwordResetEmail(user.firstName, link));
  }
  return FORGOT_ANSWER;
}

export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<string> {
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const claimed = await repo.claimPasswordReset(tx, hashToken(token), now);
    if (!claimed) throw badRequest(INVALID_RESET);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId));
    await repo.invalidateOtherResets(tx, claimed.userId, now);
    // Whoever knew the old password is signed out everywhere.
    await repo.revokeAllSessions(tx, claimed.userId, now);
  });
  return "Password reset successfully. You can now sign in with your new password.";
}

export async function storeInvite(ctx: AppContext, viewer: Viewer, invite: NonNullable<PendingInvite>) {
  if (viewer.state !== "user") return;
  await ctx.db
    .update(users)
    .set({ pendingInviteCode: invite.inviteCode, pendingInviteType: invite.type })
    .where(eq(users.id, viewer.user.id));
}

export async function acceptRules(ctx: AppContext, viewer: Viewer): Promise<ViewerUser> {
  const user = requireActiveSubscription(viewer);
  if (!user.rulesAcceptedAt) {
    await ctx.db.update(users).set({ rulesAcceptedAt: ctx.clock.now() }).where(eq(users.id, user.id));
  }
  return viewerUser(ctx, user.id);
}

export function currentUser(viewer: Viewer): ViewerUser {
  return requireUser(viewer);
}

export function adminCheck(viewer: Viewer): boolean {
  return requireUser(viewer).isAdmin;
}

export { lastSeenOf, requireCurrentPassword } from "./account.service";
/**
 * For other features: a member as the services see them, read fresh (after a change), and the
 * revocation of all their sessions (account deletion).
 */
export { activeSessions, endSession, loadViewerUser, revokeAllSessions } from "./auth.repo";
export { sendVerification } from "./email-verification.service";
