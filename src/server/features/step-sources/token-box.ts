import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// A step source's tokens at rest (issue 33): AES-256-GCM under STEP_SOURCE_KEY, a fresh 12-byte IV
// each time, the row's vendor and member as associated data (a token copied to another row does
// not open). Stored as "v1.<iv>.<tag>.<ciphertext>", base64url.

const VERSION = "v1";

export function sealToken(key: Buffer, token: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The token, or an error when it was sealed under another key or context, or altered. */
export function openToken(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("not a sealed token");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
