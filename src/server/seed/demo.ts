import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { SUBSCRIPTION_PRICE_CENTS } from "../../core/constants";
import { zonedTimeToUtc } from "../../core/rules/zoned-time";
import type { AppContext } from "../context";
import { stepBatches, subscriptions, users } from "../db/schema";
import { hashPassword } from "../features/auth/password";
import { settleDueCompetitions } from "../features/competitions/settlement-job";
import { bookPayment } from "../features/deposits/deposits.repo";
import { awardPendingPoints } from "../features/rewards/points.service";
import { createWeeks } from "../features/steps/batch-retention";
import { addDays, localDate } from "../features/steps/local-date";
import { recordSubscriptionPayment } from "../features/subscription/subscription.repo";
import { convertToFitcoins } from "../features/wallet/wallet.service";
import { addMonth, type PaymentPurpose } from "../payments/provider";
import { createSandboxProvider, markSandboxIntentSucceeded } from "../payments/sandbox";
import { at, viewerOf } from "./demo-clock";
import { DEMO_COMPETITIONS, seedCompetitions } from "./demo-competitions";
import { DEMO_GROUPS, seedGroups } from "./demo-groups";
import { seedRewards } from "./demo-rewards";
import { seedStore } from "./demo-store";

type DemoMember = {
  username: string;
  firstName: string;
  lastName: string;
  isAdmin?: boolean;
  /** months ago the paid period started; undefined = never subscribed */
  subscribed?: "active" | "expired";
  rulesAccepted?: boolean;
  /** Card payments made through the sandbox, then dollars converted to FitCoins, in cents. */
  money?: { deposits?: number[]; fitcoinPurchases?: number[]; convert?: number };
  /** Steps walked on each of the last days, oldest first, the last entry today so far. */
  steps?: number[];
};

export const DEMO_MEMBERS: DemoMember[] = [
  {
    username: "admin",
    firstName: "Ada",
    lastName: "Admin",
    isAdmin: true,
    subscribed: "active",
    rulesAccepted: true,
    steps: [4100, 5230, 3900, 6010, 4470, 5120, 1830],
  },
  {
    username: "alex",
    firstName: "Alex",
    lastName: "Rivera",
    subscribed: "active",
    rulesAccepted: true,
    // $50 in, $40 of it converted: $10.00 and 34.00 FitCoins.
    money: { deposits: [5000], convert: 4000 },
    steps: [8240, 10410, 6320, 12090, 9380, 7810, 3120],
  },
  {
    username: "maya",
    firstName: "Maya",
    lastName: "Chen",
    subscribed: "active",
    rulesAccepted: true,
    // $25 in, and 34.00 FitCoins bought by card for $40.
    money: { deposits: [2500], fitcoinPurchases: [4000] },
    steps: [11200, 9650, 13020, 7400, 10880, 12310, 4460],
  },
  {
    username: "sofia",
    firstName: "Sofia",
    lastName: "Martinez",
    subscribed: "active",
    rulesAccepted: true,
    // $100 in, $80 converted: $20.00 and 68.00 FitCoins, 50 of them spent on a gift card.
    money: { deposits: [10000], convert: 8000 },
    // Three weeks of walking: a 17-day run at 10,000 and more up to yesterday, two 30,000 days.
    steps: [
      10400, 12800, 9100, 11050, 10230, 13400, 12110, 31200, 10800, 11900, 10050, 14300, 12480, 10920, 33100,
      11340, 10560, 12700, 10100, 15200, 6240,
    ],
  },
  { username: "jordan", firstName: "Jordan", lastName: "Lee", subscribed: "active", rulesAccepted: false },
  { username: "sam", firstName: "Sam", lastName: "Okafor", subscribed: "expired", rulesAccepted: true },
  { username: "newbie", firstName: "Nia", lastName: "Brooks" },
];

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** Demo accounts are this old: older than their seeded walks and memberships. */
const DEMO_ACCOUNT_AGE_MS = 60 * DAY;

/** When the demo wallets were filled, before any entry fee (the oldest competition starts 7 days ago). */
const DEPOSITS_AGO = 14 * DAY;
const PURCHASES_AGO = 13 * DAY;
const CONVERSION_AGO = 12 * DAY;

/** The ends of the demo's competitions and group rounds that are over, oldest first. */
export function finishedEnds(now: number): number[] {
  const ends = [
    ...DEMO_COMPETITIONS.map((c) => c.endIn),
    ...DEMO_GROUPS.flatMap((g) => (g.window ? [g.window.endIn] : [])),
  ].filter((endIn) => endIn < 0);
  return [...new Set(ends)].sort((a, b) => a - b).map((endIn) => now + endIn);
}

/**
 * Fills a new database with members in every access state, so the app is alive at first sight.
 * Runs only on an empty users table; the passwords are random and printed once.
 */
export async function seedDemoData(
  ctx: AppContext,
): Promise<{ adminPassword: string; memberPassword: string } | null> {
  const [{ count }] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return null;
  const adminPassword = randomBytes(9).toString("base64url");
  const memberPassword = randomBytes(9).toString("base64url");
  const [adminHash, memberHash] = await Promise.all([
    hashPassword(adminPassword),
    hashPassword(memberPassword),
  ]);
  const now = ctx.clock.now();
  for (const m of DEMO_MEMBERS) {
    const [row] = await ctx.db
      .insert(users)
      .values({
        username: m.username,
        email: `${m.username}@demo.steprace.app`,
        passwordHash: m.isAdmin ? adminHash : memberHash,
        firstName: m.firstName,
        lastName: m.lastName,
        isAdmin: m.isAdmin ?? false,
        timeZone: "America/New_York",
        rulesAcceptedAt: m.rulesAccepted ? now : null,
        // Demo members count as verified (issue 30): their addresses are made up, no link could reach them.
        emailVerifiedAt: now,
        isTestAccount: !m.isAdmin,
        // Members since before their seeded walks and memberships: a sync measures the time
        // since the account was created (DESIGN 1, step plausibility).
        createdAt: new Date(now.getTime() - DEMO_ACCOUNT_AGE_MS),
      })
      .returning({ id: users.id });
    if (m.subscribed) {
      const start = new Date(now.getTime() - (m.subscribed === "active" ? 5 : 45) * 24 * 3600 * 1000);
      // Paid when its period began: booked then.
      await at(ctx, start.getTime()).db.transaction((tx) =>
        recordSubscriptionPayment(tx, "sandbox", {
          userId: row.id,
          providerPaymentId: `pi_demo_${m.username}`,
          amountCents: SUBSCRIPTION_PRICE_CENTS,
          periodStart: start,
          periodEnd: addMonth(start),
        }),
      );
      // A lapsed member: the period ended long ago and was not renewed.
      if (m.subscribed === "expired") {
        await ctx.db.update(subscriptions).set({ status: "expired" }).where(eq(subscriptions.userId, row.id));
      }
    }
  }
  for (const m of DEMO_MEMBERS) if (m.money) await seedMoney(ctx, m.username, m.money);
  // Competitions and groups first: the standings trigger counts the steps stored next into them.
  await seedCompetitions(ctx);
  await seedGroups(ctx);
  await seedSteps(ctx);
  // The finished ones are settled as the scheduler would have, once their grace period ended.
  for (const end of finishedEnds(now.getTime())) {
    await settleDueCompetitions(at(ctx, end + ctx.config.settlementGraceMs + MINUTE));
  }
  await seedRewards(ctx);
  await seedStore(ctx);
  // Printed once, on the console only (never stored in clear).
  console.log(
    [
      "",
      "  Demo data created. These passwords are shown only now:",
      `    admin                                   password: ${adminPassword}`,
      `    alex, maya, sofia (active), jordan (rules not accepted),`,
      `    sam (subscription expired), newbie (no subscription)  password: ${memberPassword}`,
      "",
    ].join("\n"),
  );
  return { adminPassword, memberPassword };
}

/**
 * A demo member's wallet, made the way a member makes it: sandbox card payments booked by the
 * deposit code (whatever provider is configured, the demo's payments are the sandbox's), then a
 * conversion through the wallet service.
 */
async function seedMoney(ctx: AppContext, username: string, money: NonNullable<DemoMember["money"]>) {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.username, username));
  const now = ctx.clock.now().getTime();
  // Each payment an hour after the one before, on the day its kind was made.
  const pay = async (then: AppContext, amountCents: number, purpose: PaymentPurpose) => {
    const sandbox = createSandboxProvider(then.db, then.clock);
    const intent = await sandbox.createPaymentIntent({
      userId: user.id,
      email: user.email,
      amountCents,
      purpose,
    });
    await markSandboxIntentSucceeded(then.db, intent.id, then.clock.now());
    await then.db.transaction((tx) =>
      bookPayment(tx, "sandbox", { id: intent.id, userId: user.id, amountCents, purpose }, then.clock.now()),
    );
  };
  for (const [i, cents] of (money.deposits ?? []).entries()) {
    await pay(at(ctx, now - DEPOSITS_AGO + i * 60 * MINUTE), cents, "deposit");
  }
  for (const [i, cents] of (money.fitcoinPurchases ?? []).entries()) {
    await pay(at(ctx, now - PURCHASES_AGO + i * 60 * MINUTE), cents, "fitcoins");
  }
  if (money.convert) {
    const then = at(ctx, now - CONVERSION_AGO);
    await convertToFitcoins(then, await viewerOf(then, username), money.convert);
  }
}

/** Local wall-clock times of an earlier day's batches: 9:00, 10:30, ... 16:30. */
const DEMO_BATCH_TIMES = ["09:00", "10:30", "12:00", "13:30", "15:00", "16:30"];

/**
 * The demo members' recent walking, stored as the tracker's synced batches: each earlier day's
 * steps in six batches from 9:00 to 16:30 of the member's own day, today's spread between their
 * midnight and now. So every day's total lands on its own local date whatever the hour of seeding
 * (a day's batches never straddle the member's midnight). Their local dates follow from their
 * times, as for any sync. The days are stored in the order they were walked, and a minute after
 * each day's last sync the points job pays what the day earned, as the scheduler would have then:
 * each point entry carries its time.
 */
async function seedSteps(ctx: AppContext) {
  const rows = (
    await Promise.all(DEMO_MEMBERS.map((m) => (m.steps ? stepRows(ctx, m.username, m.steps) : [])))
  ).flat();
  const now = ctx.clock.now().getTime();
  // Their weeks first (step_batches is partitioned by week received): else the past weeks' batches
  // would land in the default partition, which the retention job never drops.
  const oldest = new Date(Math.min(now, ...rows.map((row) => row.receivedAt.getTime())));
  const weeks = await createWeeks(ctx.db, oldest, new Date(now));
  if (weeks.failed.length > 0) throw new Error(`step batch weeks: ${JSON.stringify(weeks.failed)}`);
  // A day at a time, as it was walked; its points are paid a minute after its last sync.
  const days = new Map<string, typeof rows>();
  for (const row of rows) days.set(row.localDate, [...(days.get(row.localDate) ?? []), row]);
  for (const day of [...days.keys()].sort()) {
    const batches = days.get(day) ?? [];
    await ctx.db.insert(stepBatches).values(batches);
    const lastSync = Math.max(...batches.map((b) => b.recordedAt.getTime()));
    await awardPendingPoints(at(ctx, Math.min(lastSync + MINUTE, now)));
  }
}

/** A demo member's batches: one day's steps each, oldest first, the last entry today so far. */
async function stepRows(ctx: AppContext, username: string, days: number[]) {
  const [user] = await ctx.db
    .select({ id: users.id, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.username, username));
  if (!user) return [];
  const now = ctx.clock.now();
  const today = localDate(now, user.timeZone);
  const midnight = zonedTimeToUtc(today, "00:00", user.timeZone).getTime();
  const elapsed = now.getTime() - midnight;
  return days.flatMap((total, i) => {
    const daysAgo = days.length - 1 - i;
    return DEMO_BATCH_TIMES.map((time, j) => {
      const recordedAt =
        daysAgo === 0
          ? new Date(Math.floor(midnight + ((j + 1) * elapsed) / (DEMO_BATCH_TIMES.length + 1)))
          : zonedTimeToUtc(addDays(today, -daysAgo), time, user.timeZone);
      const steps =
        Math.floor(total / DEMO_BATCH_TIMES.length) + (j === 0 ? total % DEMO_BATCH_TIMES.length : 0);
      return {
        userId: user.id,
        batchId: randomUUID(),
        steps,
        recordedAt,
        receivedAt: recordedAt,
        localDate: localDate(recordedAt, user.timeZone),
      };
    });
  });
}
