import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { userSchema } from "../../../core/schemas/auth";
import { dbIdParamSchema } from "../../../core/schemas/common";
import type { AppContext } from "../../context";
import { badRequest, notFound } from "../../errors";
import { binaryResponse, errors } from "../../http/responses";
import { requireUser } from "../../http/viewer";
import { userView } from "../auth/user-view";
import { reloadViewer } from "./members.service";
import * as images from "./profile-image.service";

/**
 * Avatars (DESIGN 1, profile images). Multipart is accepted here only (everywhere else a body is
 * JSON): one file, field `profileImage`, 5 MB at most.
 */
export const profileImageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: { fileSize: images.PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2 },
  });

  app.post(
    "/api/user/profile-image",
    {
      config: { access: "member" },
      schema: {
        tags: ["members"],
        summary:
          "Upload an avatar (multipart field profileImage, an image of 5 MB at most); answers the current user",
        response: { 200: userSchema, ...errors(400, 401, 413, 415) },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      requireUser(viewer);
      if (!request.isMultipart()) throw badRequest("Send the image as multipart/form-data");
      const file = await request.file();
      if (file?.fieldname !== "profileImage") throw badRequest(images.NOT_AN_IMAGE);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw images.tooLarge();
        throw err;
      }
      await images.upload(ctx, viewer, bytes);
      return userView(ctx, await reloadViewer(ctx, viewer));
    },
  );

  app.get(
    "/api/user/profile-image/:userId/:file",
    {
      config: { access: "public" },
      schema: {
        tags: ["members"],
        summary: "An avatar by its content hash; cached for a year (the URL changes with the image)",
        params: z.object({
          userId: dbIdParamSchema,
          file: z.string().regex(/^[0-9a-f]{20}\.webp$/),
        }),
        response: { 200: binaryResponse("image/webp", "The image (WebP)") },
      },
    },
    async (request, reply) => {
      const found = await images.image(ctx.db, request.params.userId, request.params.file.slice(0, 20));
      if (!found) throw notFound("Image not found");
      return reply
        .header("content-type", found.contentType)
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(found.content);
    },
  );
};
