import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  ownSessionSchema,
  registerSchema,
  resetPasswordSchema,
  storeInviteSchema,
  userSchema,
  verifyEmailSchema,
} from "../../../core/schemas/auth";
import { idParamsSchema } from "../../../core/schemas/common";
import { twoFactorChallengeSchema } from "../../../core/schemas/two-factor";
import type { AppContext } from "../../context";
import { preferredLocale } from "../../http/locale";
import { authLimit } from "../../http/rate-limits";
import { errors, messageSchema, redirectResponse } from "../../http/responses";
import {
  clearSessionCookie,
  FINGERPRINT_HEADER,
  sessionCredentials,
  setSessionCookie,
} from "../../http/viewer";
import * as account from "./account.service";
import * as auth from "./auth.service";
import * as verification from "./email-verification.service";
import { setPendingSignInCookie } from "./pending-sign-in-cookie";
import { userView } from "./user-view";

const INVITE_COOKIE = "sr_invite";
const TWO_FACTOR_CHALLENGE = "Enter the 6-digit code from your authenticator app.";

export function deviceOf(request: FastifyRequest): auth.DeviceInfo {
  const fp = request.headers[FINGERPRINT_HEADER];
  const valid = typeof fp === "string" && /^[A-Za-z0-9]{1,32}$/.test(fp);
  return {
    fingerprint: valid ? fp : null,
    userAgent: request.headers["user-agent"] ?? null,
    locale: preferredLocale(request.headers["accept-language"]),
    replaces: sessionCredentials(request)?.tokenHash ?? null,
  };
}

export function pendingInvite(request: FastifyRequest): auth.PendingInvite {
  const raw = request.cookies[INVITE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const parsed = storeInviteSchema.safeParse(JSON.parse(unsigned.value));
  return parsed.success ? parsed.data : null;
}

export function signIn(ctx: AppContext, reply: FastifyReply, token: string) {
  setSessionCookie(reply, token, ctx.config.secureCookies);
  reply.clearCookie(INVITE_COOKIE, { path: "/" });
}

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limited = authLimit(ctx);
  const tags = ["auth"];

  app.get(
    "/api/auth/user",
    {
      config: { access: "member" },
      schema: { tags, summary: "The signed-in user", response: { 200: userSchema, ...errors(401) } },
    },
    async (request) => userView(ctx, auth.currentUser(await request.viewer())),
  );

  app.post(
    "/api/auth/register",
    {
      config: { ...limited, access: "public" },
      schema: {
        tags,
        summary: "Create an account and sign in",
        body: registerSchema,
        response: { 201: userSchema, ...errors(400, 409, 415, 429) },
      },
    },
    async (request, reply) => {
      const { user, token } = await auth.register(
        ctx,
        request.body,
        deviceOf(request),
        pendingInvite(request),
      );
      signIn(ctx, reply, token);
      return reply.status(201).send(await userView(ctx, user));
    },
  );

  app.post(
    "/api/auth/login",
    {
      config: { ...limited, access: "public" },
      schema: {
        tags,
        summary:
          "Sign in with username (or email) and password. With two-factor on, no session yet: the answer is `twoFactorRequired` and the code goes to POST /api/auth/login/two-factor",
        body: loginSchema,
        response: {
          200: z.union([userSchema, twoFactorChallengeSchema]),
          ...errors(400, 401, 403, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const result = await auth.login(ctx, request.body, deviceOf(request), pendingInvite(request));
      if ("pendingToken" in result) {
        setPendingSignInCookie(reply, result.pendingToken, ctx.config.secureCookies);
        return { twoFactorRequired: true as const, message: TWO_FACTOR_CHALLENGE };
      }
      signIn(ctx, reply, result.token);
      return userView(ctx, result.user);
    },
  );

  app.post(
    "/api/auth/logout",
    {
      // Signing out answers alike with or without a live session: nothing to refuse.
      config: { access: "public" },
      schema: { tags, summary: "End this session", response: { 200: messageSchema } },
    },
    async (request, reply) => {
      await auth.logout(ctx, await request.viewer());
      clearSessionCookie(reply);
      return { message: "Signed out" };
    },
  );

  app.post(
    "/api/auth/forgot-password",
    {
      config: { ...limited, access: "public" },
      schema: {
        tags,
        summary: "Email a password reset link (same answer whether or not the email exists)",
        body: forgotPasswordSchema,
        response: { 200: messageSchema, ...errors(400, 429) },
      },
    },
    async (request) => ({
      message: await auth.forgotPassword(ctx, request.body.email),
    }),
  );

  app.post(
    "/api/auth/reset-password",
    {
      config: { ...limited, access: "public" },
      schema: {
        tags,
        summary: "Set a new password with a reset token",
        body: resetPasswordSchema,
        response: { 200: messageSchema, ...errors(400, 429) },
      },
    },
    async (request) => ({
      message: await auth.resetPassword(ctx, request.body.token, request.body.password),
    }),
  );

  app.post(
    "/api/auth/verify-email",
    {
      config: { ...limited, access: "public" },
      schema: {
        tags,
        summary: "Verify an email address with the token of its link (single use, 24 hours)",
        body: verifyEmailSchema,
        response: { 200: messageSchema, ...errors(400, 409, 415, 429) },
      },
    },
    async (request) => verification.verifyEmail(ctx, request.body.token),
  );

  app.post(
    "/api/auth/resend-verification",
    {
      config: { ...limited, access: "member" },
      schema: {
        tags,
        summary: "Send a new verification link to the address not verified yet (or the new one asked for)",
        response: { 200: messageSchema, ...errors(401, 415, 429) },
      },
    },
    async (request) => verification.resendVerification(ctx, await request.viewer()),
  );

  app.post(
    "/api/user/password",
    {
      config: { ...limited, access: "member" },
      schema: {
        tags,
        summary:
          "Change the password: the current one, then the new one twice; every other session ends and the member is emailed",
        body: changePasswordSchema,
        response: { 200: messageSchema, ...errors(400, 401, 415, 429) },
      },
    },
    async (request) => account.changePassword(ctx, await request.viewer(), request.body),
  );

  app.get(
    "/api/user/sessions",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Your sessions: every device signed in now, `current` on this one",
        response: { 200: z.array(ownSessionSchema), ...errors(401) },
      },
    },
    async (request) => account.listSessions(ctx, await request.viewer()),
  );

  app.delete(
    "/api/user/sessions/:id",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Sign out one of your sessions (404: not yours, or already ended)",
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => account.endOwnSession(ctx, await request.viewer(), request.params.id),
  );

  app.post(
    "/api/user/sessions/revoke-others",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Sign out every session but this one",
        response: { 200: messageSchema.extend({ ended: z.number().int() }), ...errors(401, 415) },
      },
    },
    async (request) => account.endOtherSessions(ctx, await request.viewer()),
  );

  app.post(
    "/api/auth/store-invite",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Remember an invite code until the visitor has signed up and subscribed",
        body: storeInviteSchema,
        response: { 200: messageSchema, ...errors(400) },
      },
    },
    async (request, reply) => {
      const viewer = await request.viewer();
      await auth.storeInvite(ctx, viewer, request.body);
      reply.setCookie(INVITE_COOKIE, JSON.stringify(request.body), {
        signed: true,
        httpOnly: true,
        sameSite: "lax",
        secure: ctx.config.secureCookies,
        path: "/",
        maxAge: 7 * 24 * 3600,
      });
      return { message: "Invite stored" };
    },
  );

  app.post(
    "/api/accept-rules",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Accept the community rules",
        response: { 200: userSchema, ...errors(401, 403) },
      },
    },
    async (request) => userView(ctx, await auth.acceptRules(ctx, await request.viewer())),
  );

  app.get(
    "/api/admin/check",
    {
      config: { access: "member" },
      schema: {
        tags: ["admin"],
        summary: "Whether the user is a site admin",
        response: { 200: z.boolean(), ...errors(401) },
      },
    },
    async (request) => auth.adminCheck(await request.viewer()),
  );

  // Full-page navigations (not JSON calls): the landing page's Sign In and the menu's Sign Out.
  app.get(
    "/api/login",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Go to the sign-in page",
        response: { 302: redirectResponse("To /login") },
      },
    },
    async (_request, reply) => reply.redirect("/login"),
  );
  app.get(
    "/api/logout",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Sign out and go home",
        response: { 302: redirectResponse("To /, signed out") },
      },
    },
    async (request, reply) => {
      await auth.logout(ctx, await request.viewer());
      clearSessionCookie(reply);
      return reply.redirect("/");
    },
  );
};
