// The browser's side of a passkey ceremony. @simplewebauthn/browser is imported only when a member
// presses a passkey button, so the landing and sign-in pages' first JavaScript stays small.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import type { User } from "../../../core/schemas/auth";
import type { Passkey } from "../../../core/schemas/passkeys";
import { apiRequest } from "../../lib/api-client";
import { getDeviceFingerprint } from "../../lib/device-fingerprint";

export const NO_PASSKEYS_HERE =
  "This browser can't use passkeys. Sign in with your password, or try the browser on your phone.";
const CANCELLED = "No passkey was used. Try again, or sign in with your password.";
const ADD_CANCELLED = "No passkey was added. Try again when your device asks to save one.";
const ALREADY_ON_DEVICE = "This device already holds a passkey for your account.";

/** Tells a member what happened in words: the ceremony's own errors are technical. */
export function ceremonyError(error: unknown, adding: boolean): Error {
  const e = error as { name?: string; code?: string; message?: string };
  if (e?.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return new Error(ALREADY_ON_DEVICE);
  // The member closed the prompt, it timed out, or the device has no passkey for this site.
  if (e?.name === "NotAllowedError" || e?.name === "AbortError" || e?.code === "ERROR_CEREMONY_ABORTED") {
    return new Error(adding ? ADD_CANCELLED : CANCELLED);
  }
  return error instanceof Error ? error : new Error(adding ? ADD_CANCELLED : CANCELLED);
}

async function webauthn() {
  const lib = await import("@simplewebauthn/browser");
  if (!lib.browserSupportsWebAuthn()) throw new Error(NO_PASSKEYS_HERE);
  return lib;
}

/** Signs in with a passkey this device (or a nearby phone) holds: no username or password typed. */
export async function signInWithPasskey(): Promise<User> {
  const lib = await webauthn();
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>("/api/auth/passkey/options", {
    method: "POST",
  });
  let response: Awaited<ReturnType<typeof lib.startAuthentication>>;
  try {
    response = await lib.startAuthentication({ optionsJSON });
  } catch (error) {
    throw ceremonyError(error, false);
  }
  return apiRequest<User>("/api/auth/passkey", {
    method: "POST",
    body: { response, deviceFingerprint: getDeviceFingerprint() },
  });
}

/**
 * Adds a passkey to the signed-in member's account, once their password says it is them: the
 * device then asks them to save one.
 */
export async function addPasskey({
  currentPassword,
  name,
}: {
  currentPassword: string;
  name?: string;
}): Promise<Passkey> {
  const lib = await webauthn();
  const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>("/api/user/passkeys/options", {
    method: "POST",
    body: { currentPassword },
  });
  let response: Awaited<ReturnType<typeof lib.startRegistration>>;
  try {
    response = await lib.startRegistration({ optionsJSON });
  } catch (error) {
    throw ceremonyError(error, true);
  }
  return apiRequest<Passkey>("/api/user/passkeys", {
    method: "POST",
    body: { response, ...(name ? { name } : {}) },
  });
}
