import { eq } from "drizzle-orm";
import { SESSION_TTL_MS } from "../../../core/constants";
import { formatInZone } from "../../../core/dates";
import { describeUserAgent } from "../../../core/rules/user-agent";
import type { ChangePasswordInput, OwnSession } from "../../../core/schemas/auth";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { passwordChangedEmail } from "../../email/templates";
import { badRequest, notFound } from "../../errors";
import { requireSession, requireUser, type Viewer } from "../../http/viewer";
import { recordMemberAction } from "../audit/audit.service";
import * as repo from "./auth.repo";
import { hashPassword, verifyPassword } from "./password";

/*
 * The member's own account security (issue 30): changing the password with the current one, and
 * the sessions they see and end themselves. Each change is in the audit log, never a secret.
 */

export const WRONG_CURRENT_PASSWORD =
  "That is not your current password. Type it exactly as you set it, or sign out and use Forgot Password.";

/**
 * Change Password in the profile: the current password proves it is the member; the new one ends
 * every other session (this one stays), drops any reset link still open, and the member is told by
 * email, with what to do if it was not them.
 */
export async function changePassword(ctx: AppContext, viewer: Viewer, input: ChangePasswordInput) {
  const { user, tokenHash } = requireSession(viewer);
  await requireCurrentPassword(ctx, user.id, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.clock.now();
  const ended = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await repo.invalidateOtherResets(tx, user.id, now);
    const count = await repo.revokeAllSessions(tx, user.id, now, tokenHash);
    await recordMemberAction(tx, {
      memberId: user.id,
      targetType: "account",
      targetId: user.id,
      action: "account.password_changed",
      details: { otherSessionsEnded: count },
      at: now,
    });
    return count;
  });
  const at = formatInZone(now, user.timeZone, user.locale ?? undefined);
  await ctx.mailer.send(
    user.email,
    passwordChangedEmail(user.firstName, at, {
      resetLink: `${ctx.config.appUrl}/forgot-password`,
      supportEmail: ctx.config.supportEmail,
    }),
  );
  ctx.log.info({ userId: user.id, sessionsEnded: ended }, "password changed");
  return {
    message:
      ended > 0 ? `Password changed. You were signed out on ${otherDevices(ended)}.` : "Password changed.",
  };
}

const otherDevices = (n: number) => (n === 1 ? "1 other device" : `${n} other devices`);

/**
 * When a session was last used, to within a day: its sliding expiry is written at most once a day,
 * so the latest request was at or after this instant.
 */
export function lastSeenOf(s: { createdAt: Date; expiresAt: Date }): Date {
  return new Date(Math.max(s.createdAt.getTime(), s.expiresAt.getTime() - SESSION_TTL_MS));
}

/** Your sessions: every device signed in now, this one marked `current`. */
export async function listSessions(ctx: AppContext, viewer: Viewer): Promise<OwnSession[]> {
  const { user, tokenHash } = requireSession(viewer);
  const rows = await repo.activeSessions(ctx.db, user.id, ctx.clock.now(), tokenHash);
  return rows.map((r) => ({
    id: r.id,
    ...describeUserAgent(r.userAgent),
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: lastSeenOf(r).toISOString(),
    current: r.current,
  }));
}

const sessionNotFound = () => notFound("This session has already ended or is not yours");

/** Ends one of the member's own sessions (404 for one that is not theirs or has ended). */
export async function endOwnSession(ctx: AppContext, viewer: Viewer, sessionId: number) {
  const user = requireUser(viewer);
  const now = ctx.clock.now();
  const ended = await ctx.db.transaction(async (tx) => {
    if (!(await repo.endSession(tx, user.id, sessionId, now))) return false;
    await recordMemberAction(tx, {
      memberId: user.id,
      targetType: "account",
      targetId: user.id,
      action: "account.session_ended",
      details: { sessionId },
      at: now,
    });
    return true;
  });
  if (!ended) throw sessionNotFound();
  ctx.log.info({ userId: user.id, sessionId }, "session ended by its member");
  return { message: "Signed out on that device" };
}

/** Ends every session of the member's but this one. */
export async function endOtherSessions(ctx: AppContext, viewer: Viewer) {
  const { user, tokenHash } = requireSession(viewer);
  const now = ctx.clock.now();
  const ended = await ctx.db.transaction(async (tx) => {
    const count = await repo.revokeAllSessions(tx, user.id, now, tokenHash);
    if (count > 0) {
      await recordMemberAction(tx, {
        memberId: user.id,
        targetType: "account",
        targetId: user.id,
        action: "account.sessions_ended",
        details: { ended: count },
        at: now,
      });
    }
    return count;
  });
  ctx.log.info({ userId: user.id, ended }, "other sessions ended by their member");
  return {
    message: ended === 0 ? "You were not signed in anywhere else" : `Signed out on ${otherDevices(ended)}`,
    ended,
  };
}

/**
 * The member's current password, exactly as typed, before a change that must be theirs (a new
 * password, a new email, a passkey): 400 on its field otherwise, saying what to type (`missing`
 * when nothing was).
 */
export async function requireCurrentPassword(
  ctx: AppContext,
  userId: number,
  password: string | undefined,
  missing = "Enter your current password.",
): Promise<void> {
  const stored = password ? await repo.passwordHashOf(ctx.db, userId) : null;
  if (password && stored !== null && (await verifyPassword(password, stored))) return;
  const message = password ? WRONG_CURRENT_PASSWORD : missing;
  throw badRequest(message, [{ path: "currentPassword", message }]);
}
