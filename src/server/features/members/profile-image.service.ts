import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { profileImages, users } from "../../db/schema";
import { AppError, badRequest } from "../../errors";
import { requireUser, type Viewer } from "../../http/viewer";

/** 5 MB (specification 3 section 9). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The stored avatar: a square this many pixels wide, sharp enough for a 2x or 3x screen. */
const SIDE_PX = 256;

export const NOT_AN_IMAGE = "Please select an image file.";
export const TOO_LARGE = "Please select an image smaller than 5MB.";
export const tooLarge = () => new AppError(413, "PAYLOAD_TOO_LARGE", TOO_LARGE);

/**
 * Re-encodes an upload to a square WebP, judging it by its bytes, never its name or declared type:
 * whatever sharp cannot decode as an image is refused. EXIF orientation is applied, metadata dropped.
 */
export async function toAvatar(bytes: Buffer): Promise<Buffer> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata();
    if (!meta.format || !meta.width || !meta.height) throw new Error("not an image");
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(SIDE_PX, SIDE_PX, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
}

export async function upload(ctx: AppContext, viewer: Viewer, bytes: Buffer) {
  const user = requireUser(viewer);
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) throw tooLarge();
  const webp = await toAvatar(bytes);
  const hash = createHash("sha256").update(webp).digest("hex").slice(0, 20);
  const url = `/api/user/profile-image/${user.id}/${hash}.webp`;
  await ctx.db.transaction(async (tx) => {
    const row = {
      hash,
      contentType: "image/webp",
      content: new Uint8Array(webp),
      createdAt: ctx.clock.now(),
    };
    await tx
      .insert(profileImages)
      .values({ userId: user.id, ...row })
      .onConflictDoUpdate({ target: profileImages.userId, set: row });
    await tx.update(users).set({ profileImageUrl: url }).where(eq(users.id, user.id));
  });
  return url;
}

/** The avatar under its content hash (an old URL answers nothing once replaced). */
export async function image(db: Db, userId: number, hash: string) {
  const [row] = await db
    .select({ content: profileImages.content, contentType: profileImages.contentType })
    .from(profileImages)
    .where(and(eq(profileImages.userId, userId), eq(profileImages.hash, hash)));
  return row ? { contentType: row.contentType, content: Buffer.from(row.content) } : null;
}

/** Removes a member's avatar (account deletion). */
export async function remove(db: Db, userId: number) {
  await db.delete(profileImages).where(eq(profileImages.userId, userId));
}
