import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { SESSION_COOKIE } from "./viewer";

/** Route config for sign-in and password endpoints: `AUTH_RATE_LIMIT` attempts a minute per client. */
export const authLimit = (ctx: AppContext) => ({
  rateLimit: { max: ctx.config.authRateLimit, timeWindow: "1 minute" },
});

/** Route config for card endpoints (checkouts, card confirmation): against card testing. */
export const paymentLimit = (ctx: AppContext) => ({
  rateLimit: { max: ctx.config.paymentRateLimit, timeWindow: "1 minute" },
});

/**
 * Route config for counting ad views and clicks: `AD_EVENT_RATE_LIMIT` a minute per member (by
 * session, hashed: the counters table never holds a session token), so counts cannot be inflated
 * by a script, and members behind one address do not share a limit.
 */
export const adEventLimit = (ctx: AppContext) => ({
  rateLimit: { max: ctx.config.adEventRateLimit, timeWindow: "1 minute", keyGenerator: bySession },
});

/** A member's requests counted together (by session, hashed), a visitor's by address. */
function bySession(request: FastifyRequest) {
  const session = request.cookies?.[SESSION_COOKIE];
  return session ? `session:${createHash("sha256").update(session).digest("hex").slice(0, 32)}` : request.ip;
}

/**
 * Route config for connecting and disconnecting a watch (issue 33): each costs requests from the
 * vendor's budget that every member shares, so one member may not spend it. 10 in 10 minutes.
 */
export const stepSourceLimit = () => ({
  rateLimit: { max: 10, timeWindow: "10 minutes", keyGenerator: bySession },
});
