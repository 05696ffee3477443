import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { userSchema } from "../../../core/schemas/auth";
import { idParamsSchema } from "../../../core/schemas/common";
import {
  addPasskeySchema,
  ceremonyOptionsSchema,
  passkeyOptionsBodySchema,
  passkeySchema,
  passkeySignInSchema,
} from "../../../core/schemas/passkeys";
import type { AppContext } from "../../context";
import { authLimit } from "../../http/rate-limits";
import { errors, messageSchema } from "../../http/responses";
import { deviceOf, pendingInvite, signIn } from "./auth.routes";
import * as passkeys from "./passkeys.service";
import { userView } from "./user-view";

export const passkeyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Every ceremony step is limited like the password sign-in: options cost a stored challenge each.
  const limited = authLimit(ctx);
  const tags = ["auth"];

  app.get(
    "/api/user/passkeys",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Your passkeys: name, when added and last used",
        response: { 200: z.array(passkeySchema), ...errors(401) },
      },
    },
    async (request) => passkeys.listPasskeys(ctx, await request.viewer()),
  );

  app.post(
    "/api/user/passkeys/options",
    {
      config: { ...limited, access: "member" },
      schema: {
        tags,
        summary:
          "Start adding a passkey, with the current password: WebAuthn creation options (a challenge valid 5 minutes, once)",
        body: passkeyOptionsBodySchema,
        response: { 200: ceremonyOptionsSchema, ...errors(400, 401, 409, 415, 429) },
      },
    },
    async (request) =>
      passkeys.registrationOptions(ctx, await request.viewer(), request.body.currentPassword),
  );

  app.post(
    "/api/user/passkeys",
    {
      config: { ...limited, access: "member" },
      schema: {
        tags,
        summary: "Finish adding a passkey: the authenticator's answer to the challenge, and an optional name",
        body: addPasskeySchema,
        response: { 201: passkeySchema, ...errors(400, 401, 409, 415, 429) },
      },
    },
    async (request, reply) => {
      const added = await passkeys.addPasskey(
        ctx,
        await request.viewer(),
        request.body,
        request.headers["user-agent"] ?? null,
      );
      return reply.status(201).send(added);
    },
  );

  app.delete(
    "/api/user/passkeys/:id",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Remove one of your passkeys (404: not yours, or already removed)",
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => passkeys.removePasskey(ctx, await request.viewer(), request.params.id),
  );

  app.post(
    "/api/auth/passkey/options",
    {
      config: { ...limited, access: "public" },
      schema: {
        tags,
        summary: "Start a passkey sign-in: WebAuthn request options (a challenge valid 5 minutes, once)",
        response: { 200: ceremonyOptionsSchema, ...errors(415, 429) },
      },
    },
    async () => passkeys.signInOptions(ctx),
  );

  app.post(
    "/api/auth/passkey",
    {
      config: { ...limited, access: "public" },
      schema: {
        tags,
        summary: "Sign in with a passkey: the authenticator's answer to the challenge",
        body: passkeySignInSchema,
        response: { 200: userSchema, ...errors(400, 401, 403, 415, 429) },
      },
    },
    async (request, reply) => {
      const { user, token } = await passkeys.signInWithPasskey(
        ctx,
        request.body,
        deviceOf(request),
        pendingInvite(request),
      );
      signIn(ctx, reply, token);
      return userView(ctx, user);
    },
  );
};
