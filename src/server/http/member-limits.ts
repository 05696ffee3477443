// Per-member limits that services check (chat posts, invitation emails): counted in the same
// database table as the route limiters, so every process shares one count (DESIGN 2.5).
import type { AppContext } from "../context";
import { AppError } from "../errors";
import { countAttempt } from "./rate-limit-store";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const tooManyRequests = (message: string) => new AppError(429, "RATE_LIMITED", message);

/** "a minute", "5 minutes", "an hour": how long until the window reopens, rounded up. */
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  if (minutes === 1) return "a minute";
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "an hour" : `${hours} hours`;
}

/** Counts one attempt of `what` by the member; false once more than `max` fell in the window. */
async function allowed(ctx: AppContext, what: string, userId: number, max: number, windowMs: number) {
  const { current, ttl } = await countAttempt(ctx.db, ctx.clock.now(), `member|${what}|${userId}`, windowMs);
  return { ok: current <= max, ttl };
}

/** `CHAT_RATE_LIMIT` messages a minute per member, in every room together. */
export async function takeChatPost(ctx: AppContext, userId: number): Promise<void> {
  const { ok } = await allowed(ctx, "chat", userId, ctx.config.chatRateLimit, MINUTE);
  if (!ok) throw tooManyRequests("You are sending messages too quickly. Try again in a minute.");
}

/** `PUSH_SUBSCRIBE_RATE_LIMIT` times a minute a member may turn Web Push on or renew it. */
export async function takePushSubscribe(ctx: AppContext, userId: number): Promise<void> {
  const { ok, ttl } = await allowed(ctx, "push-subscribe", userId, ctx.config.pushSubscribeRateLimit, MINUTE);
  if (!ok) {
    throw tooManyRequests(`You are turning notifications on too often. Try again in ${waitText(ttl)}.`);
  }
}

/**
 * `INVITE_EMAIL_RATE_LIMIT` invitation emails an hour and `INVITE_EMAIL_DAILY_CAP` a day per member.
 * The hour is checked first, so an attempt it refuses does not use up the day.
 */
export async function takeInviteEmail(ctx: AppContext, userId: number): Promise<void> {
  const hour = await allowed(ctx, "invite-hour", userId, ctx.config.inviteEmailRateLimit, HOUR);
  if (!hour.ok) {
    throw tooManyRequests(`You are sending invitations too quickly. Try again in ${waitText(hour.ttl)}.`);
  }
  const cap = ctx.config.inviteEmailDailyCap;
  const day = await allowed(ctx, "invite-day", userId, cap, DAY);
  if (!day.ok) {
    throw tooManyRequests(`You have sent the most invitations allowed today (${cap}). Try again tomorrow.`);
  }
}
