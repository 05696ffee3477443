import type { FastifyReply, FastifyRequest } from "fastify";
import { PENDING_SIGN_IN_TTL_MS } from "../../../core/schemas/two-factor";

/** The cookie of a sign-in waiting for its code: httpOnly, sent only to the sign-in routes. */
export const PENDING_SIGN_IN_COOKIE = "sr_2fa";
const COOKIE_PATH = "/api/auth/login";

export function setPendingSignInCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(PENDING_SIGN_IN_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: COOKIE_PATH,
    maxAge: PENDING_SIGN_IN_TTL_MS / 1000,
  });
}

export function clearPendingSignInCookie(reply: FastifyReply): void {
  reply.clearCookie(PENDING_SIGN_IN_COOKIE, { path: COOKIE_PATH });
}

export function pendingSignInToken(request: FastifyRequest): string | undefined {
  return request.cookies[PENDING_SIGN_IN_COOKIE] || undefined;
}
