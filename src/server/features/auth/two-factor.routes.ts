import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userSchema } from "../../../core/schemas/auth";
import {
  recoveryCodesSchema,
  secondFactorSchema,
  twoFactorCodeSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from "../../../core/schemas/two-factor";
import type { AppContext } from "../../context";
import { authLimit } from "../../http/rate-limits";
import { errors, messageSchema } from "../../http/responses";
import { deviceOf, pendingInvite, signIn } from "./auth.routes";
import { clearPendingSignInCookie, pendingSignInToken } from "./pending-sign-in-cookie";
import * as twoFactor from "./two-factor.service";
import { userView } from "./user-view";

export const twoFactorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Every route that checks a code is limited like sign-in: codes are only a million.
  const limited = authLimit(ctx);
  const tags = ["two-factor"];

  app.get(
    "/api/user/two-factor",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Whether two-factor sign-in is on, and how many recovery codes are left",
        response: { 200: twoFactorStatusSchema, ...errors(401) },
      },
    },
    async (request) => twoFactor.status(ctx, await request.viewer()),
  );

  app.post(
    "/api/user/two-factor/setup",
    {
      config: { ...limited, access: "member" },
      schema: {
        tags,
        summary:
          "Start turning two-factor on: a new secret, its otpauth:// URI and QR code (replaces a set-up not confirmed yet; 409 when on)",
        response: { 200: twoFactorSetupSchema, ...errors(401, 409, 415, 429) },
      },
    },
    async (request, reply) => {
      // The secret must never sit in a cache.
      reply.header("cache-control", "no-store");
      return twoFactor.startSetup(ctx, await request.viewer());
    },
  );

  app.post(
    "/api/user/two-factor/confirm",
    {
      config: { ...limited, access: "member" },
      schema: {
        tags,
        summary: "Turn two-factor on with a code from the app; answers the 10 recovery codes, once",
        body: twoFactorCodeSchema,
        response: { 200: recoveryCodesSchema, ...errors(400, 401, 409, 415, 429) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return twoFactor.confirmSetup(ctx, await request.viewer(), request.body.code);
    },
  );

  app.post(
    "/api/user/two-factor/disable",
    {
      config: { ...limited, access: "member" },
      schema: {
        tags,
        summary: "Turn two-factor off with a code from the app or a recovery code",
        body: secondFactorSchema,
        response: { 200: messageSchema, ...errors(400, 401, 409, 415, 429) },
      },
    },
    async (request) => twoFactor.disable(ctx, await request.viewer(), request.body),
  );

  app.post(
    "/api/user/two-factor/recovery-codes",
    {
      config: { ...limited, access: "member" },
      schema: {
        tags,
        summary: "New recovery codes with a code from the app; the old ones stop working",
        body: twoFactorCodeSchema,
        response: { 200: recoveryCodesSchema, ...errors(400, 401, 409, 415, 429) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return twoFactor.renewRecoveryCodes(ctx, await request.viewer(), request.body.code);
    },
  );

  app.post(
    "/api/auth/login/two-factor",
    {
      config: { ...limited, access: "public" },
      schema: {
        tags,
        summary:
          "Sign in, second step: a code from the app or a recovery code, for the sign-in the password started on this device (5 minutes, 5 tries)",
        body: secondFactorSchema,
        response: { 200: userSchema, ...errors(400, 401, 403, 415, 429) },
      },
    },
    async (request, reply) => {
      const { user, token } = await twoFactor
        .signInWithSecondFactor(
          ctx,
          pendingSignInToken(request),
          request.body,
          deviceOf(request),
          pendingInvite(request),
        )
        .catch((err: unknown) => {
          // A sign-in that can no longer finish drops its cookie; a wrong code keeps it for another try.
          if ((err as { code?: string }).code === "TWO_FACTOR_EXPIRED") clearPendingSignInCookie(reply);
          throw err;
        });
      clearPendingSignInCookie(reply);
      signIn(ctx, reply, token);
      return userView(ctx, user);
    },
  );
};
