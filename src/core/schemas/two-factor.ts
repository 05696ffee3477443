import { z } from "zod";

/** What the authenticator app shows as the account's issuer. */
export const TWO_FACTOR_ISSUER = "StepRace";
/** Recovery codes made when two-factor is turned on (or the codes are renewed); each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in waits for its code, and how many wrong codes it takes. */
export const PENDING_SIGN_IN_TTL_MS = 5 * 60 * 1000;
export const PENDING_SIGN_IN_MAX_FAILURES = 5;

const CODE_REQUIRED = "Enter the 6-digit code from your authenticator app";

/** A code from the authenticator app: 6 digits, spaces allowed ("123 456" as some apps show it). */
export const totpCodeSchema = z
  .string({ error: CODE_REQUIRED })
  .max(20, CODE_REQUIRED)
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, CODE_REQUIRED));

const RECOVERY_REQUIRED = "Enter one of your recovery codes, like ABCDE-12345";

/** A recovery code as typed: case, spaces and dashes do not matter. */
export const recoveryCodeSchema = z
  .string({ error: RECOVERY_REQUIRED })
  .max(40, RECOVERY_REQUIRED)
  .transform((v) => v.toUpperCase().replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^[A-Z0-9]{10}$/, RECOVERY_REQUIRED));

/** A code from the app, or instead one of the recovery codes (sign-in, turning two-factor off). */
export const secondFactorSchema = z
  .object({
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    message: "Enter the code from your authenticator app, or one recovery code",
    path: ["code"],
  });
export type SecondFactorInput = z.infer<typeof secondFactorSchema>;

export const twoFactorCodeSchema = z.object({ code: totpCodeSchema });

/** Set-up started: the secret to scan (QR code) or type, shown until confirmed with a code. */
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG data URL, ready for an <img>. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** Shown once: the recovery codes, formatted ABCDE-12345. */
export const recoveryCodesSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Recovery codes not used yet (0 when off). */
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/auth/login for a member with two-factor on: no session yet, the code comes next. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  message: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
