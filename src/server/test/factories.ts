import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { SUBSCRIPTION_PRICE_CENTS } from "../../core/constants";
import type { App } from "../app";
import { users } from "../db/schema";
import { hashPassword } from "../features/auth/password";
import { recordSubscriptionPayment } from "../features/subscription/subscription.repo";
import { systemAccount, userAccount } from "../ledger/accounts";
import { transfer } from "../ledger/transfer";
import { addMonth } from "../payments/provider";

let counter = 0;

/** The device header a browser sends on every request; sign-in refuses requests without one. */
export const DEVICE = { "x-device-fingerprint": "testdevice0001" };
/** The password of every member `buildUser` makes without one. */
export const DEFAULT_PASSWORD = "correct-horse-battery";
let defaultHash: Promise<string> | undefined;
const ACCOUNT_AGE_MS = 24 * 3600 * 1000;

export type BuiltUser = { id: number; username: string; email: string; password: string; firstName: string };

/** Inserts a member. By default fully active: subscribed and rules accepted. */
export async function buildUser(
  app: App,
  overrides: {
    username?: string;
    email?: string;
    password?: string;
    firstName?: string;
    isAdmin?: boolean;
    subscribed?: boolean;
    rulesAccepted?: boolean;
    timeZone?: string;
    /**
     * When the account was created; by default a day before the app's clock, a member who could
     * have walked what a test syncs (a sync is plausible only in the time since then).
     */
    createdAt?: Date;
    /** Whether the member opened their verification link (default yes, as every member before issue 30). */
    emailVerified?: boolean;
  } = {},
): Promise<BuiltUser> {
  counter += 1;
  const suffix = `${counter}${randomBytes(2).toString("hex")}`;
  const username = overrides.username ?? `member${suffix}`;
  const email = overrides.email ?? `${username}@example.test`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const passwordHash = overrides.password ? await hashPassword(password) : await defaultHash;
  const now = app.ctx.clock.now();
  const firstName = overrides.firstName ?? "Test";
  const [row] = await app.ctx.db
    .insert(users)
    .values({
      username,
      email,
      passwordHash,
      firstName,
      lastName: "Member",
      isAdmin: overrides.isAdmin ?? false,
      timeZone: overrides.timeZone ?? "UTC",
      rulesAcceptedAt: (overrides.rulesAccepted ?? true) ? now : null,
      emailVerifiedAt: (overrides.emailVerified ?? true) ? now : null,
      createdAt: overrides.createdAt ?? new Date(now.getTime() - ACCOUNT_AGE_MS),
    })
    .returning({ id: users.id });
  if (overrides.subscribed ?? true) await subscribe(app, row.id);
  return { id: row.id, username, email, password, firstName };
}

export async function subscribe(app: App, userId: number, start = app.ctx.clock.now()) {
  await app.ctx.db.transaction((tx) =>
    recordSubscriptionPayment(tx, "sandbox", {
      userId,
      providerPaymentId: `pi_factory_${userId}_${start.getTime()}`,
      amountCents: SUBSCRIPTION_PRICE_CENTS,
      periodStart: start,
      periodEnd: addMonth(start),
    }),
  );
}

export async function setRulesAccepted(app: App, userId: number, accepted: boolean) {
  await app.ctx.db
    .update(users)
    .set({ rulesAcceptedAt: accepted ? app.ctx.clock.now() : null })
    .where(eq(users.id, userId));
}

export type Session = { cookie: string; fingerprint: string; headers: Record<string, string> };

/** Signs in through the real login route and answers the headers a browser would send. */
export async function loginAs(
  app: App,
  user: { username: string; password: string },
  fingerprint?: string,
): Promise<Session> {
  const fp = fingerprint ?? randomBytes(16).toString("hex");
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: user.username, password: user.password, deviceFingerprint: fp },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookieFrom(res.headers["set-cookie"]);
  return { cookie, fingerprint: fp, headers: { cookie, "x-device-fingerprint": fp } };
}

export function sessionCookieFrom(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith("sr_session="));
  if (!found) throw new Error("no session cookie");
  return found.split(";")[0];
}

/** Credits a member from a system account in one transfer, as the app's own paths do. */
async function credit(
  app: App,
  userId: number,
  amount: number,
  from: "cardPayments" | "fitcoinIssuance",
  kind: "deposit" | "admin_grant",
) {
  const currency = from === "cardPayments" ? "USD" : "FC";
  await app.ctx.db.transaction(async (tx) => {
    await transfer(tx, {
      from: await systemAccount(tx, from, userId),
      to: await userAccount(tx, userId, currency),
      amount,
      currency,
      kind,
      description: kind === "deposit" ? "Test deposit" : "Test grant",
    });
  });
}

/** Puts dollars in a member's wallet the way a card deposit does (card payments → wallet). */
export function fundWallet(app: App, userId: number, cents: number) {
  return credit(app, userId, cents, "cardPayments", "deposit");
}

/** POST /api/steps as the member's phone would: `steps` counted now, in a new batch. */
export function syncSteps(app: App, session: Session, steps: number) {
  return app.inject({
    method: "POST",
    url: "/api/steps",
    headers: session.headers,
    payload: { steps, timestamp: app.ctx.clock.now().toISOString(), batchId: randomUUID() },
  });
}

/** A valid registration body with unique names; fields can be overridden. */
export const registration = (over: Record<string, unknown> = {}) => ({
  firstName: "Rita",
  lastName: "Runner",
  username: `rita${Math.random().toString(36).slice(2, 8)}`,
  email: `rita${Math.random().toString(36).slice(2, 8)}@example.test`,
  password: "walk-a-mile-1",
  confirmPassword: "walk-a-mile-1",
  timeZone: "Europe/Berlin",
  ...over,
});

/** Gives a member FitCoins (hundredths) the way an admin grant does (FitCoin issuance → member). */
export function grantFitcoins(app: App, userId: number, hundredths: number) {
  return credit(app, userId, hundredths, "fitcoinIssuance", "admin_grant");
}

/** A competition body starting `startInMs` from the app's clock and lasting `days`. */
export function competitionBody(
  app: App,
  over: Record<string, unknown> = {},
  startInMs = 3600_000,
  days = 7,
) {
  const start = new Date(app.ctx.clock.now().getTime() + startInMs);
  return {
    name: "Weekly Walk",
    description: "Walk the most steps this week",
    entryFee: 10,
    maxParticipants: null,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + days * 24 * 3600_000).toISOString(),
    entryDeadlineHours: null,
    ...over,
  };
}

/** Creates a competition through the admin route and answers it. */
export async function buildCompetition(
  app: App,
  admin: Session,
  over: Record<string, unknown> = {},
  startInMs = 3600_000,
  days = 7,
): Promise<{ id: number; inviteCode: string }> {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/competitions",
    headers: admin.headers,
    payload: competitionBody(app, over, startInMs, days),
  });
  if (res.statusCode !== 201) throw new Error(`create competition failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A fully active member holding `fitcoins` FitCoins, signed in. */
export async function fundedMember(app: App, fitcoins: number, over: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(app, over);
  if (fitcoins > 0) await grantFitcoins(app, user.id, Math.round(fitcoins * 100));
  return { user, session: await loginAs(app, user) };
}
