// Passkeys (WebAuthn, issue 30 item 5): a member adds one in the profile and signs in with it instead
// of a password. SimpleWebAuthn checks the ceremony (signature, origin, RP ID, user verification,
// counter); this file keeps the challenges single-use in the database, the counter moving forward
// under a conditional update, and starts the session exactly as the password sign-in does.
import { MAX_PASSKEYS, PASSKEY_CHALLENGE_TTL_MS } from "../../../core/constants";
import { formatInZone } from "../../../core/dates";
import { describeUserAgent } from "../../../core/rules/user-agent";
import type {
  AddPasskeyInput,
  CeremonyOptions,
  Passkey,
  PasskeySignInInput,
} from "../../../core/schemas/passkeys";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { passkeyChangedEmail } from "../../email/passkey-templates";
import { AppError, badRequest, conflict, notFound } from "../../errors";
import { requireUser, type Viewer, type ViewerUser } from "../../http/viewer";
import { recordMemberAction } from "../audit/audit.service";
import { requireCurrentPassword } from "./account.service";
import { completeSignIn, type DeviceInfo, type PendingInvite, requireFingerprint } from "./auth.service";
import * as repo from "./passkeys.repo";
import { hashToken } from "./tokens";

export const CHALLENGE_GONE = "This passkey request has expired or was already used. Please try again.";
export const UNKNOWN_PASSKEY =
  "This passkey is not registered with StepRace. Sign in with your password, then add a passkey in your profile.";
export const PASSKEY_NOT_VERIFIED =
  "Your passkey could not be verified. Please try again, or sign in with your password.";
const TOO_MANY = `You already have ${MAX_PASSKEYS} passkeys. Remove one you no longer use, then add this one.`;
const ALREADY_ADDED = "This passkey is already added to an account.";
const passkeyNotFound = () => notFound("This passkey was already removed or is not yours");

/** A refusal's reason for the log, with long base64url values (challenges, ids) cut out. */
const reasonOf = (err: unknown) => String((err as Error)?.message ?? err).replace(/[A-Za-z0-9_-]{20,}/g, "…");

/**
 * Tells the member their account's passkeys changed, with what to do if it was not them. A mail
 * that cannot go out never undoes the change.
 */
async function tellMember(ctx: AppContext, user: ViewerUser, kind: "added" | "removed", name: string) {
  try {
    await ctx.mailer.send(
      user.email,
      passkeyChangedEmail(user.firstName, {
        kind,
        name,
        at: formatInZone(ctx.clock.now(), user.timeZone, user.locale ?? undefined),
        profileLink: `${ctx.config.appUrl}/profile`,
        resetLink: `${ctx.config.appUrl}/forgot-password`,
        supportEmail: ctx.config.supportEmail,
      }),
    );
  } catch (err) {
    ctx.log.error({ err, userId: user.id }, "passkey email failed");
  }
}

/** The relying party is the app's public origin: its host name is the RP ID every passkey is bound to. */
function relyingParty(ctx: AppContext) {
  const url = new URL(ctx.config.appUrl);
  return { rpName: "StepRace", rpID: url.hostname, origin: url.origin };
}

/** The user handle a passkey carries for its member: their id, never a name or an email. */
const userHandle = (userId: number) => new TextEncoder().encode(String(userId));

/** The challenge a browser's answer signed, read from its client data (400 when unreadable). */
/**
 * SimpleWebAuthn, loaded at the first passkey ceremony rather than at every start (it and its
 * crypto libraries take most of a second to load).
 */
const webAuthn = () => import("@simplewebauthn/server");

/** Base64URL as WebAuthn writes ids, keys and client data (Node's own codec, without padding). */
const base64Url = {
  fromBuffer: (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url"),
  toBuffer: (text: string) => new Uint8Array(Buffer.from(text, "base64url")),
  toUTF8String: (text: string) => Buffer.from(text, "base64url").toString("utf8"),
};

function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(base64Url.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    if (typeof data.challenge === "string" && data.challenge.length > 0) return data.challenge;
  } catch {
    // Falls through to the refusal below: the answer is not one a browser makes.
  }
  throw badRequest(PASSKEY_NOT_VERIFIED);
}

async function issueChallenge(
  ctx: AppContext,
  challenge: string,
  purpose: repo.ChallengePurpose,
  userId: number | null,
) {
  const now = ctx.clock.now();
  await repo.insertChallenge(ctx.db, {
    challengeHash: hashToken(challenge),
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
    createdAt: now,
  });
}

/** A passkey's default name: the device it was added on ("iPhone passkey"). */
function defaultName(userAgent: string | null): string {
  const { device } = describeUserAgent(userAgent);
  return device === "Unknown device" ? "Passkey" : `${device} passkey`;
}

const view = (p: Awaited<ReturnType<typeof repo.listForUser>>[number]): Passkey => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  synced: p.backedUp,
});

export async function listPasskeys(ctx: AppContext, viewer: Viewer): Promise<Passkey[]> {
  const user = requireUser(viewer);
  return (await repo.listForUser(ctx.db, user.id)).map(view);
}

/** Starts adding a passkey: options for the browser's `navigator.credentials.create`. */
export async function registrationOptions(
  ctx: AppContext,
  viewer: Viewer,
  currentPassword: string,
): Promise<CeremonyOptions> {
  const user = requireUser(viewer);
  await requireCurrentPassword(ctx, user.id, currentPassword);
  const existing = await repo.listForUser(ctx.db, user.id);
  if (existing.length >= MAX_PASSKEYS) throw conflict(TOO_MANY);
  const { rpName, rpID } = relyingParty(ctx);
  const options = await (await webAuthn()).generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.username,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.username,
    userID: userHandle(user.id),
    attestationType: "none",
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    // A passkey the authenticator itself can find (no username typed) and that checks it is the member.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
  });
  await issueChallenge(ctx, options.challenge, "register", user.id);
  return { ...options };
}

/** Finishes adding a passkey: verifies the authenticator's answer to this member's challenge. */
export async function addPasskey(
  ctx: AppContext,
  viewer: Viewer,
  input: AddPasskeyInput,
  userAgent: string | null,
) {
  const user = requireUser(viewer);
  const now = ctx.clock.now();
  const challenge = challengeOf(input.response.response.clientDataJSON);
  if (!(await repo.claimChallenge(ctx.db, hashToken(challenge), "register", user.id, now))) {
    throw badRequest(CHALLENGE_GONE);
  }
  const { rpID, origin } = relyingParty(ctx);
  const verified = await (await webAuthn())
    .verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    })
    .catch((err: unknown) => {
      ctx.log.info({ userId: user.id, reason: reasonOf(err) }, "passkey registration refused");
      return null;
    });
  if (!verified?.verified) throw badRequest(PASSKEY_NOT_VERIFIED);
  const { credential, credentialBackedUp } = verified.registrationInfo;
  const name = input.name || defaultName(userAgent);
  const added = await ctx.db.transaction(async (tx) => {
    if ((await repo.countForUser(tx, user.id)) >= MAX_PASSKEYS) throw conflict(TOO_MANY);
    const row = await repo.insertPasskey(tx, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: base64Url.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
      backedUp: credentialBackedUp,
      createdAt: now,
    });
    if (!row) throw conflict(ALREADY_ADDED);
    await recordMemberAction(tx, {
      memberId: user.id,
      action: "passkey.added",
      targetType: "passkey",
      targetId: row.id,
      details: { name },
      at: now,
    });
    return row;
  });
  ctx.log.info({ userId: user.id, passkeyId: added.id }, "passkey added");
  await tellMember(ctx, user, "added", name);
  return view(added);
}

/** Removes one of the member's passkeys (404 for another member's, or one already removed). */
export async function removePasskey(ctx: AppContext, viewer: Viewer, id: number) {
  const user = requireUser(viewer);
  const now = ctx.clock.now();
  const name = await ctx.db.transaction(async (tx) => {
    const removed = await repo.deleteOwn(tx, user.id, id);
    if (!removed) throw passkeyNotFound();
    await recordMemberAction(tx, {
      memberId: user.id,
      action: "passkey.removed",
      targetType: "passkey",
      targetId: removed.id,
      details: { name: removed.name },
      at: now,
    });
    return removed.name;
  });
  ctx.log.info({ userId: user.id, passkeyId: id }, "passkey removed");
  await tellMember(ctx, user, "removed", name);
  return { message: "Passkey removed. It can no longer sign you in." };
}

/** Starts a passkey sign-in: options for `navigator.credentials.get`, any passkey of this site. */
export async function signInOptions(ctx: AppContext): Promise<CeremonyOptions> {
  const { rpID } = relyingParty(ctx);
  const options = await (await webAuthn()).generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  await issueChallenge(ctx, options.challenge, "sign_in", null);
  return { ...options };
}

const notVerified = () => new AppError(401, "INVALID_CREDENTIALS", PASSKEY_NOT_VERIFIED);

/** Signs in with a passkey: the same session, device and ban rules as the password sign-in. */
export async function signInWithPasskey(
  ctx: AppContext,
  input: PasskeySignInInput,
  device: DeviceInfo,
  invite: PendingInvite,
) {
  const fingerprint = requireFingerprint(input.deviceFingerprint ?? device.fingerprint);
  const now = ctx.clock.now();
  const challenge = challengeOf(input.response.response.clientDataJSON);
  if (!(await repo.claimChallenge(ctx.db, hashToken(challenge), "sign_in", null, now))) {
    throw badRequest(CHALLENGE_GONE);
  }
  const found = await repo.findForSignIn(ctx.db, input.response.id);
  if (!found) throw new AppError(401, "INVALID_CREDENTIALS", UNKNOWN_PASSKEY);
  const { passkey, user } = found;
  const handle = input.response.response.userHandle;
  if (handle && handle !== base64Url.fromBuffer(userHandle(user.id))) throw notVerified();
  const { rpID, origin } = relyingParty(ctx);
  const verified = await (await webAuthn())
    .verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: base64Url.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    })
    .catch((err: unknown) => {
      // A counter that went backwards (a cloned authenticator) lands here too: said in the log only.
      ctx.log.warn(
        { userId: user.id, passkeyId: passkey.id, reason: reasonOf(err) },
        "passkey sign-in refused",
      );
      return null;
    });
  if (!verified?.verified) throw notVerified();
  const { newCounter } = verified.authenticationInfo;
  if (!(await repo.recordUse(ctx.db, passkey.id, passkey.counter, newCounter, now))) {
    ctx.log.warn({ userId: user.id, passkeyId: passkey.id }, "passkey counter did not move forward");
    throw notVerified();
  }
  return completeSignIn(ctx, user, { ...device, fingerprint }, invite);
}

/** How many passkeys a member holds (the admin's member page). */
export function passkeyCount(db: Db, userId: number): Promise<number> {
  return repo.countForUser(db, userId);
}

/** A deleted account's passkeys go with it: nothing can sign in as it again. */
export function forgetPasskeys(db: Db, userId: number): Promise<number> {
  return repo.deleteAllOf(db, userId);
}
