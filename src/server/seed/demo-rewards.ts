import { and, eq, ne } from "drizzle-orm";
import type { AppContext } from "../context";
import { userAchievements, users } from "../db/schema";
import { unlockFor } from "../features/achievements/achievements.service";
import * as offers from "../features/rewards/offers.service";
import * as rewards from "../features/rewards/rewards.service";
import { at, viewerOf } from "./demo-clock";

const DAY_MS = 24 * 3600 * 1000;

/**
 * Rewards in the demo (the points the members' walking earned are paid as their steps are stored):
 * Sofia's gift cards bought with points and FitCoins, a Gift Card of the Month with
 * an older offer before it and the next one scheduled, and the badges every member's facts unlock. One badge of Sofia's is
 * left new, so her first sign-in opens the celebration.
 */
export async function seedRewards(ctx: AppContext) {
  const admin = await viewerOf(ctx, "admin");
  const month = (offset: number) => {
    const d = ctx.clock.now();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
  };
  // Last month's offer ended with its month; this month's is offered; next month's is scheduled.
  await offers.createOffer(ctx, admin, {
    month: month(-1),
    brand: "Starbucks",
    description: "Coffee for the walk home: a Starbucks card for your FitCoins.",
  });
  const current = await offers.createOffer(ctx, admin, {
    month: month(0),
    brand: "Amazon",
    description: "Running shoes, trackers, water bottles: spend your FitCoins on anything at Amazon.",
  });
  await offers.activateOffer(ctx, admin, current.id);
  const next = await offers.createOffer(ctx, admin, {
    month: month(1),
    brand: "Nike",
    description: "New month, new shoes: a Nike card for the FitCoins you win.",
  });
  await offers.scheduleOffer(ctx, admin, next.id);

  // Sofia's gift cards, bought over the last days.
  const sofia = await viewerOf(ctx, "sofia");
  const cards = await rewards.giftCards(ctx, sofia);
  const byName = (name: string) => cards.find((c) => c.name === name)?.id as number;
  const daysAgo = (n: number) => at(ctx, ctx.clock.now().getTime() - n * DAY_MS);
  const email = "sofia@demo.steprace.app";
  await rewards.redeemPoints(daysAgo(9), sofia, {
    giftCardId: byName("Starbucks $5 Gift Card"),
    deliveryEmail: email,
  });
  await rewards.redeemPoints(daysAgo(3), sofia, {
    giftCardId: byName("Amazon $5 Gift Card"),
    deliveryEmail: email,
  });
  // This month's offer is offered only inside this month: two days back unless that falls in last
  // month (seeded on the 1st or 2nd), then halfway between the month's first instant and now.
  const now = ctx.clock.now().getTime();
  const monthStart = Date.parse(`${month(0)}-01T00:00:00Z`);
  const twoDaysBack = now - 2 * DAY_MS;
  const cardBoughtAt =
    twoDaysBack >= monthStart ? twoDaysBack : monthStart + Math.floor((now - monthStart) / 2);
  await rewards.redeemFitcoins(at(ctx, cardBoughtAt), sofia, { giftCardOfferId: current.id, amount: 50 });

  const members = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users);
  for (const m of members) await unlockFor(ctx, m, false);
  // Celebrated already, but for Sofia's rarest badge.
  const [sofiaRow] = members.filter((m) => m.email === "sofia@demo.steprace.app");
  await ctx.db
    .update(userAchievements)
    .set({ viewedAt: ctx.clock.now() })
    .where(ne(userAchievements.userId, sofiaRow.id));
  await ctx.db
    .update(userAchievements)
    .set({ viewedAt: ctx.clock.now() })
    .where(
      and(eq(userAchievements.userId, sofiaRow.id), ne(userAchievements.achievementId, "fortnight-streak")),
    );
}
