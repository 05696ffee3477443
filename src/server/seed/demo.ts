import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { SUBSCRIPTION_PRICE_CENTS } from "../../core/constants";
import type { AppContext } from "../context";
import { subscriptions, users } from "../db/schema";
import { hashPassword } from "../features/auth/password";
import { recordSubscriptionPayment } from "../features/subscription/subscription.repo";
import { addMonth } from "../payments/provider";

type DemoMember = {
  username: string;
  firstName: string;
  lastName: string;
  isAdmin?: boolean;
  /** months ago the paid period started; undefined = never subscribed */
  subscribed?: "active" | "expired";
  rulesAccepted?: boolean;
};

export const DEMO_MEMBERS: DemoMember[] = [
  {
    username: "admin",
    firstName: "Ada",
    lastName: "Admin",
    isAdmin: true,
    subscribed: "active",
    rulesAccepted: true,
  },
  { username: "alex", firstName: "Alex", lastName: "Rivera", subscribed: "active", rulesAccepted: true },
  { username: "maya", firstName: "Maya", lastName: "Chen", subscribed: "active", rulesAccepted: true },
  { username: "jordan", firstName: "Jordan", lastName: "Lee", subscribed: "active", rulesAccepted: false },
  { username: "sam", firstName: "Sam", lastName: "Okafor", subscribed: "expired", rulesAccepted: true },
  { username: "newbie", firstName: "Nia", lastName: "Brooks" },
];

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
        isTestAccount: !m.isAdmin,
      })
      .returning({ id: users.id });
    if (m.subscribed) {
      const start = new Date(now.getTime() - (m.subscribed === "active" ? 5 : 45) * 24 * 3600 * 1000);
      await ctx.db.transaction((tx) =>
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
  // Printed once, on the console only (never stored in clear).
  console.log(
    [
      "",
      "  Demo data created. These passwords are shown only now:",
      `    admin                                   password: ${adminPassword}`,
      `    alex, maya (active), jordan (rules not accepted),`,
      `    sam (subscription expired), newbie (no subscription)  password: ${memberPassword}`,
      "",
    ].join("\n"),
  );
  return { adminPassword, memberPassword };
}
