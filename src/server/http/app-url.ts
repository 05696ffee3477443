import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context";

/**
 * Where to send this browser back to (payment return URLs). Emailed links use config.appUrl
 * instead: a forged Host header must never end up in a message sent to someone else.
 */
export function appUrl(ctx: AppContext, request: FastifyRequest): string {
  return ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
