import type { AppContext } from "../context";

/** Route config for sign-in and password endpoints: `AUTH_RATE_LIMIT` attempts a minute per client. */
export const authLimit = (ctx: AppContext) => ({
  rateLimit: { max: ctx.config.authRateLimit, timeWindow: "1 minute" },
});

/** Route config for card endpoints (checkouts, card confirmation): against card testing. */
export const paymentLimit = (ctx: AppContext) => ({
  rateLimit: { max: ctx.config.paymentRateLimit, timeWindow: "1 minute" },
});
