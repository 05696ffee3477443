// Two-factor sign-in (TOTP, RFC 6238) with 10 single-use recovery codes (issue 30, item 4).
// Set-up and turning off are the member's own routes; the second step of a sign-in starts the
// session through auth.service's completeSignIn, so sign-ins with and without a code end alike.
import { eq } from "drizzle-orm";
import {
  PENDING_SIGN_IN_MAX_FAILURES,
  type RecoveryCodes,
  type SecondFactorInput,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "../../../core/schemas/two-factor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { AppError, badRequest, conflict } from "../../errors";
import { requireUser, type Viewer, type ViewerUser } from "../../http/viewer";
import { recordMemberAction } from "../audit/audit.service";
import {
  completeSignIn,
  type DeviceInfo,
  type PendingInvite,
  requireFingerprint,
  suspendedMessage,
} from "./auth.service";
import { hashToken } from "./tokens";
import { checkTotp, enrolmentOf, hashRecoveryCode, newRecoveryCodes, newTotpSecret } from "./totp";
import * as repo from "./two-factor.repo";

export const WRONG_CODE =
  "That code is not right. Check that your phone's time is set automatically, and enter the code your authenticator app shows now.";
export const REUSED_CODE =
  "That code was already used. Wait for the next code in your authenticator app, then enter it.";
export const WRONG_RECOVERY_CODE =
  "That recovery code is not right, or it was already used. Each recovery code works once: try another one.";
export const SIGN_IN_EXPIRED = "Your sign-in has expired. Enter your username and password again.";
const NOT_ON = "Two-factor sign-in is not on for your account.";

const codeError = (message: string, field: "code" | "recoveryCode") =>
  badRequest(message, [{ path: field, message }]);

/** Checks a code or a recovery code against the member's locked secret; uses it when right. */
async function spendSecondFactor(
  tx: Db,
  userId: number,
  input: SecondFactorInput,
  now: Date,
): Promise<{ ok: true; via: "code" | "recovery_code" } | { ok: false; error: AppError }> {
  const secret = await repo.lockSecret(tx, userId);
  if (!secret?.confirmed) return { ok: false, error: conflict(NOT_ON) };
  if (input.recoveryCode !== undefined) {
    const used = await repo.spendRecoveryCode(tx, userId, hashRecoveryCode(input.recoveryCode), now);
    if (!used) return { ok: false, error: codeError(WRONG_RECOVERY_CODE, "recoveryCode") };
    await recordMemberAction(tx, {
      memberId: userId,
      targetType: "account",
      targetId: userId,
      action: "recovery_code.used",
      details: { recoveryCodesLeft: await repo.recoveryCodesLeft(tx, userId) },
      at: now,
    });
    return { ok: true, via: "recovery_code" };
  }
  const check = checkTotp(secret.secret, input.code ?? "", now, secret.lastUsedStep);
  if (!check.ok)
    return { ok: false, error: codeError(check.reason === "reused" ? REUSED_CODE : WRONG_CODE, "code") };
  await repo.markStepUsed(tx, userId, check.step);
  return { ok: true, via: "code" };
}

async function issueRecoveryCodes(tx: Db, userId: number, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode), now);
  return codes;
}

export async function status(ctx: AppContext, viewer: Viewer): Promise<TwoFactorStatus> {
  const user = requireUser(viewer);
  const enabled = user.twoFactorEnabledAt !== null;
  return { enabled, recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(ctx.db, user.id) : 0 };
}

/** Set-up, first step: a new secret, shown as a QR code and as text; nothing changes until confirmed. */
export async function startSetup(ctx: AppContext, viewer: Viewer): Promise<TwoFactorSetup> {
  const user = requireUser(viewer);
  if (user.twoFactorEnabledAt) {
    throw conflict("Two-factor sign-in is already on. To use another authenticator, turn it off first.");
  }
  const secret = newTotpSecret();
  await repo.savePendingSecret(ctx.db, user.id, secret, ctx.clock.now());
  return { secret, ...(await enrolmentOf(secret, user.username)) };
}

/** Set-up, second step: a right code from the app turns two-factor on and answers the recovery codes once. */
export async function confirmSetup(ctx: AppContext, viewer: Viewer, code: string): Promise<RecoveryCodes> {
  const user = requireUser(viewer);
  const now = ctx.clock.now();
  const codes = await ctx.db.transaction(async (tx) => {
    const secret = await repo.lockSecret(tx, user.id);
    if (secret?.confirmed) throw conflict("Two-factor sign-in is already on.");
    if (!secret) throw conflict("Start the set-up first: choose Turn On to get a QR code.");
    const check = checkTotp(secret.secret, code, now, secret.lastUsedStep);
    if (!check.ok) throw codeError(WRONG_CODE, "code");
    await repo.markStepUsed(tx, user.id, check.step, true);
    await repo.setEnabledAt(tx, user.id, now);
    await recordMemberAction(tx, {
      memberId: user.id,
      targetType: "account",
      targetId: user.id,
      action: "two_factor.enabled",
      at: now,
    });
    return issueRecoveryCodes(tx, user.id, now);
  });
  ctx.log.info({ userId: user.id }, "two-factor sign-in turned on");
  return {
    message:
      "Two-factor sign-in is on. Save these recovery codes: each one signs you in once if you lose your phone.",
    recoveryCodes: codes,
  };
}

/**
 * Runs `work` after the member proves it is them with a code or a recovery code. A wrong code
 * changes nothing; a right one is used up even if `work` then fails (it is spent on screen).
 */
async function withSecondFactor<T>(
  ctx: AppContext,
  user: ViewerUser,
  input: SecondFactorInput,
  work: (tx: Db, now: Date, via: "code" | "recovery_code") => Promise<T>,
): Promise<T> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const result = await spendSecondFactor(tx, user.id, input, now);
    if (!result.ok) throw result.error;
    return work(tx, now, result.via);
  });
}

export async function disable(ctx: AppContext, viewer: Viewer, input: SecondFactorInput) {
  const user = requireUser(viewer);
  if (!user.twoFactorEnabledAt) throw conflict(NOT_ON);
  await withSecondFactor(ctx, user, input, async (tx, now, via) => {
    await repo.forgetTwoFactor(tx, user.id);
    await repo.setEnabledAt(tx, user.id, null);
    await recordMemberAction(tx, {
      memberId: user.id,
      targetType: "account",
      targetId: user.id,
      action: "two_factor.disabled",
      details: { via },
      at: now,
    });
  });
  ctx.log.info({ userId: user.id }, "two-factor sign-in turned off");
  return { message: "Two-factor sign-in is off. Your password alone now signs you in." };
}

/** New recovery codes (a code from the app proves it is the member); the old ones stop working. */
export async function renewRecoveryCodes(
  ctx: AppContext,
  viewer: Viewer,
  code: string,
): Promise<RecoveryCodes> {
  const user = requireUser(viewer);
  if (!user.twoFactorEnabledAt) throw conflict(NOT_ON);
  const codes = await withSecondFactor(ctx, user, { code }, async (tx, now) => {
    await recordMemberAction(tx, {
      memberId: user.id,
      targetType: "account",
      targetId: user.id,
      action: "recovery_codes.renewed",
      at: now,
    });
    return issueRecoveryCodes(tx, user.id, now);
  });
  return { message: "Here are your new recovery codes. The old ones no longer work.", recoveryCodes: codes };
}

/** A deleted account keeps no secret or recovery code (for other features: account deletion). */
export async function forgetTwoFactorOf(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.forgetTwoFactor(tx, userId);
    await repo.setEnabledAt(tx, userId, null);
  });
}

const signInExpired = () => new AppError(401, "TWO_FACTOR_EXPIRED", SIGN_IN_EXPIRED);

/**
 * Sign-in, second step: the pending sign-in of this device (cookie) and a code or recovery code.
 * A wrong code counts against the pending sign-in (5 and it is over); a right one uses it up and
 * starts the session exactly as a password-only sign-in does.
 */
export async function signInWithSecondFactor(
  ctx: AppContext,
  pendingToken: string | undefined,
  input: SecondFactorInput,
  device: DeviceInfo,
  invite: PendingInvite,
): Promise<{ user: ViewerUser; token: string }> {
  const fingerprint = requireFingerprint(device.fingerprint);
  if (!pendingToken) throw signInExpired();
  const tokenHash = hashToken(pendingToken);
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const pending = await repo.lockPendingSignIn(tx, tokenHash);
    if (
      !pending ||
      pending.usedAt ||
      pending.expiresAt <= now ||
      pending.failedAttempts >= PENDING_SIGN_IN_MAX_FAILURES ||
      pending.deviceFingerprint !== fingerprint
    ) {
      return { error: signInExpired() };
    }
    const [user] = await tx.select().from(users).where(eq(users.id, pending.userId));
    if (!user || user.deletedAt || !user.twoFactorEnabledAt) return { error: signInExpired() };
    if (user.bannedAt)
      return { error: new AppError(403, "ACCOUNT_SUSPENDED", suspendedMessage(user.bannedReason)) };
    const result = await spendSecondFactor(tx, user.id, input, now);
    if (!result.ok) {
      // Counted in this transaction, which commits: the refusal is answered after it.
      await repo.countFailure(tx, tokenHash);
      const left = PENDING_SIGN_IN_MAX_FAILURES - pending.failedAttempts - 1;
      return { error: left > 0 ? result.error : signInExpired() };
    }
    await repo.markPendingUsed(tx, tokenHash, now);
    return { user };
  });
  if ("error" in outcome) throw outcome.error;
  return completeSignIn(ctx, outcome.user, { ...device, fingerprint }, invite);
}
