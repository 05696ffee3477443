import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  EMAIL_ONLY_KINDS,
  NOTIFICATION_KINDS,
  type UnsubscribeKind,
} from "../../../core/schemas/notifications";
import type { Db } from "../../db/client";
import { cachedSetting } from "./server-settings";

/**
 * One-click unsubscribe tokens (RFC 8058): `<subject>.<kind>.<hmac>`, no login needed. The subject
 * is a member (`u<id>`) or, for a group invitation sent to anyone's address, the address itself
 * (`e<base64url>`). The key is made once and kept in the database, so a link in an old email works
 * in every process and after a restart, whatever SESSION_SECRET was.
 */
const unsubscribeKey = cachedSetting(
  "unsubscribe-key",
  () => randomBytes(32).toString("base64url"),
  (value) => Buffer.from(value, "base64url"),
);

export type UnsubscribeSubject = { userId: number } | { email: string };

const KINDS: readonly string[] = [...NOTIFICATION_KINDS, ...EMAIL_ONLY_KINDS];

const subjectText = (s: UnsubscribeSubject) =>
  "userId" in s ? `u${s.userId}` : `e${Buffer.from(s.email.toLowerCase()).toString("base64url")}`;

const mac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest("base64url");

export async function unsubscribeToken(
  db: Db,
  subject: UnsubscribeSubject,
  kind: UnsubscribeKind,
): Promise<string> {
  const text = `${subjectText(subject)}.${kind}`;
  return `${text}.${mac(await unsubscribeKey(db), text)}`;
}

/** The member or address and the kind a token names, or null for a token this server did not sign. */
export async function readUnsubscribeToken(
  db: Db,
  token: string,
): Promise<{ subject: UnsubscribeSubject; kind: UnsubscribeKind } | null> {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [who, kind, signature] = parts;
  const expected = Buffer.from(mac(await unsubscribeKey(db), `${who}.${kind}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!KINDS.includes(kind)) return null;
  if (/^u[1-9][0-9]{0,9}$/.test(who))
    return { subject: { userId: Number(who.slice(1)) }, kind: kind as UnsubscribeKind };
  if (/^e[A-Za-z0-9_-]+$/.test(who)) {
    return {
      subject: { email: Buffer.from(who.slice(1), "base64url").toString("utf8") },
      kind: kind as UnsubscribeKind,
    };
  }
  return null;
}

/** The headers of RFC 2369 and RFC 8058: a mail provider's unsubscribe button posts to this URL. */
export async function unsubscribeHeaders(
  db: Db,
  appUrl: string,
  subject: UnsubscribeSubject,
  kind: UnsubscribeKind,
): Promise<{ url: string; headers: Record<string, string> }> {
  const url = `${appUrl}/api/email/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(db, subject, kind))}`;
  return {
    url,
    headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
