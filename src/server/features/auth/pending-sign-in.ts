import { PENDING_SIGN_IN_TTL_MS } from "../../../core/schemas/two-factor";
import type { AppContext } from "../../context";
import { hashToken, newToken } from "./tokens";
import { insertPendingSignIn } from "./two-factor.repo";

/**
 * The password was right and two-factor is on: no session yet. A pending sign-in (its token in a
 * short-lived cookie, only its hash stored) lets this device give the code next, within 5 minutes.
 */
export async function startPendingSignIn(
  ctx: AppContext,
  userId: number,
  device: { fingerprint: string; userAgent: string | null },
): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now();
  await insertPendingSignIn(ctx.db, {
    tokenHash: hashToken(token),
    userId,
    deviceFingerprint: device.fingerprint,
    userAgent: device.userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(now.getTime() + PENDING_SIGN_IN_TTL_MS),
    createdAt: now,
  });
  return token;
}
