import { z } from "zod";
import { fingerprintSchema } from "./auth";

// What a browser sends back from a WebAuthn ceremony (SimpleWebAuthn's JSON shapes): strings are
// base64url, bounded so that no request can make the server decode megabytes.
const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, "Must be base64url");

const credentialBase = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16384),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    signature: b64url(1024),
    userHandle: b64url(128).optional(),
  }),
});

export const PASSKEY_NAME_MAX = 60;

/**
 * Adding a passkey asks for the password first: a passkey signs in without password or code, so a
 * borrowed session alone must not be able to leave one behind.
 */
export const passkeyOptionsBodySchema = z.object({
  currentPassword: z
    .string({ error: "Enter your current password to add a passkey" })
    .min(1, "Enter your current password to add a passkey")
    .max(200),
});

/** Adding a passkey: the authenticator's answer, and optionally a name the member chose. */
export const addPasskeySchema = z.object({
  response: registrationResponseSchema,
  name: z
    .string()
    .trim()
    .max(PASSKEY_NAME_MAX, `A passkey's name is at most ${PASSKEY_NAME_MAX} characters`)
    .optional(),
});
export type AddPasskeyInput = z.infer<typeof addPasskeySchema>;

/** Signing in with a passkey: the authenticator's answer and this device's fingerprint. */
export const passkeySignInSchema = z.object({
  response: authenticationResponseSchema,
  deviceFingerprint: fingerprintSchema.optional(),
});
export type PasskeySignInInput = z.infer<typeof passkeySignInSchema>;

/** One of the member's passkeys as their profile lists it. */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced by the member's password manager or platform across their devices. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** The options a WebAuthn ceremony starts from, passed unchanged to the browser. */
export const ceremonyOptionsSchema = z.object({ challenge: z.string() }).loose();
export type CeremonyOptions = z.infer<typeof ceremonyOptionsSchema>;
