import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { RECOVERY_CODE_COUNT, TWO_FACTOR_ISSUER } from "../../../core/schemas/two-factor";

// RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps.
const PERIOD_S = 30;

function totpOf(secret: string, label: string) {
  return new TOTP({
    issuer: TWO_FACTOR_ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI and its QR code (an SVG data URL) for the member's app. */
export async function enrolmentOf(secret: string, label: string) {
  const otpauthUri = totpOf(secret, label).toString();
  const svg = await QRCode.toString(otpauthUri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

export type CodeCheck = { ok: true; step: number } | { ok: false; reason: "wrong" | "reused" };

/**
 * Checks a 6-digit code at `now` (the app's clock), one step either side for a phone's clock that
 * drifts. A code of a step at or before `lastUsedStep` was already used (or is older than one that
 * was): refused, so a code seen over a shoulder cannot be replayed.
 */
export function checkTotp(secret: string, token: string, now: Date, lastUsedStep: number | null): CodeCheck {
  const delta = totpOf(secret, "check").validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return { ok: false, reason: "wrong" };
  const step = Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return { ok: false, reason: "reused" };
  return { ok: true, step };
}

// No 0/O or 1/I to misread from paper.
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** Ten codes of 10 characters (50 bits each), shown as ABCDE-12345. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
  });
}

/** The stored form of a recovery code: SHA-256 of it as normalised (upper case, no dash or space). */
export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(code.toUpperCase().replace(/[\s-]/g, "")).digest("hex");
}
