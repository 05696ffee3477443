import { and, eq, like, or, sql } from "drizzle-orm";
import { POINTS_ISSUANCE_SHARDS, SYSTEM_ACCOUNT_SHARDS } from "../../core/constants";
import type { Db } from "../db/client";
import { ledgerAccounts } from "../db/schema";

/** Dollars (cents), FitCoins (hundredths) and points (whole points). */
export type Currency = "USD" | "FC" | "PTS";

/**
 * The accounts that stand for everything outside the members' wallets. Card payments is the
 * outside world (it goes negative as money comes in); FitCoin issuance mints FitCoins; the
 * reserve holds the dollars that back issued FitCoins; fees and subscriptions are revenue.
 * Chargeback losses pays what a refunded or disputed deposit took back beyond the member's
 * wallet (it goes negative by the platform's loss). Points are minted by issuance accounts spread
 * over shards (`pointsIssuanceAccount`).
 *
 * The accounts every payment and conversion touches (`sharded`) are spread over
 * SYSTEM_ACCOUNT_SHARDS rows chosen by member (`system:platform_fees` is shard 0,
 * `system:platform_fees:5` shard 5), so concurrent purchases do not queue on one row's lock; their
 * balance is the sum of the shards (`systemBalance`), and the audit's per-currency sum covers them.
 */
export const SYSTEM_ACCOUNTS = {
  cardPayments: { key: "system:card_payments", currency: "USD", allowNegative: true, sharded: true },
  subscriptionRevenue: { key: "system:subscription_revenue", currency: "USD", allowNegative: false },
  platformFees: { key: "system:platform_fees", currency: "USD", allowNegative: false, sharded: true },
  /**
   * The dollars that back FitCoins. Each issued FitCoin card's face value leaves the member's shard
   * (DESIGN 1, gift-card fulfilment); since prizes move coins between members of different shards,
   * one shard may go negative while the sum stays what backs the coins (migration 0026).
   */
  fitcoinReserve: { key: "system:fitcoin_reserve", currency: "USD", allowNegative: true, sharded: true },
  fitcoinIssuance: { key: "system:fitcoin_issuance", currency: "FC", allowNegative: true, sharded: true },
  chargebackLosses: { key: "system:chargeback_losses", currency: "USD", allowNegative: true },
  /** FitCoins spent on Gift Card of the Month cards. */
  fitcoinRedemptions: { key: "system:fitcoin_redemptions", currency: "FC", allowNegative: false },
  /** Points spent on gift cards. */
  pointsRedemptions: { key: "system:points_redemptions", currency: "PTS", allowNegative: false },
  /**
   * What the business owes the gift-card provider: each issued card's dollar face value arrives
   * here (DESIGN 1, gift-card fulfilment), from the reserve (FitCoin cards) or the marketing budget.
   */
  giftCardsPayable: { key: "system:gift_cards_payable", currency: "USD", allowNegative: false },
  /** Pays for points gift cards: it goes negative by what points cards have cost the business. */
  marketingBudget: { key: "system:marketing_budget", currency: "USD", allowNegative: true },
} as const satisfies Record<
  string,
  { key: string; currency: Currency; allowNegative: boolean; sharded?: true }
>;

export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

async function getOrCreate(
  db: Db,
  ownerKey: string,
  currency: Currency,
  allowNegative: boolean,
  userId: number | null,
): Promise<number> {
  const [found] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerKey, ownerKey), eq(ledgerAccounts.currency, currency)))
    .limit(1);
  if (found) return found.id;
  // Two first transfers may race to open the same account: the unique index lets one insert win.
  await db.insert(ledgerAccounts).values({ ownerKey, currency, allowNegative, userId }).onConflictDoNothing();
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerKey, ownerKey), eq(ledgerAccounts.currency, currency)))
    .limit(1);
  return row.id;
}

type AccountSpec = { ownerKey: string; currency: Currency; allowNegative: boolean; userId: number | null };

/**
 * Several accounts' ids in one query (a purchase needs four): those not opened yet are opened as
 * `getOrCreate` opens them. Answers the ids in the order asked.
 */
async function openAccounts(db: Db, specs: AccountSpec[]): Promise<number[]> {
  const found = await db
    .select({ id: ledgerAccounts.id, ownerKey: ledgerAccounts.ownerKey, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(
      or(
        ...specs.map((a) =>
          and(eq(ledgerAccounts.ownerKey, a.ownerKey), eq(ledgerAccounts.currency, a.currency)),
        ),
      ),
    );
  const ids: number[] = [];
  for (const a of specs) {
    const hit = found.find((f) => f.ownerKey === a.ownerKey && f.currency === a.currency);
    ids.push(hit ? hit.id : await getOrCreate(db, a.ownerKey, a.currency, a.allowNegative, a.userId));
  }
  return ids;
}

/** The accounts a member's FitCoin purchase moves through: reserve, fees, issuance and their coins. */
export function purchaseAccounts(
  db: Db,
  userId: number,
): Promise<[reserve: number, fees: number, issuance: number, coins: number]> {
  const system = (name: SystemAccount): AccountSpec => ({
    ownerKey: shardKey(name, userId),
    currency: SYSTEM_ACCOUNTS[name].currency,
    allowNegative: SYSTEM_ACCOUNTS[name].allowNegative,
    userId: null,
  });
  return openAccounts(db, [
    system("fitcoinReserve"),
    system("platformFees"),
    system("fitcoinIssuance"),
    { ownerKey: `user:${userId}`, currency: "FC", allowNegative: false, userId },
  ]) as Promise<[number, number, number, number]>;
}

export function userAccount(db: Db, userId: number, currency: Currency): Promise<number> {
  return getOrCreate(db, `user:${userId}`, currency, false, userId);
}

const isSharded = (name: SystemAccount) => "sharded" in SYSTEM_ACCOUNTS[name];

/** The owner key of a system account's shard for member `userId` (shard 0 without a member). */
function shardKey(name: SystemAccount, userId: number | null | undefined): string {
  const { key } = SYSTEM_ACCOUNTS[name];
  if (!isSharded(name) || !userId) return key;
  const shard = userId % SYSTEM_ACCOUNT_SHARDS;
  return shard === 0 ? key : `${key}:${shard}`;
}

/**
 * A system account; for the sharded ones, the shard of the member the money moves for (`userId`),
 * so that one member's payments always meet the same row and different members' rarely do.
 */
export function systemAccount(db: Db, name: SystemAccount, userId?: number | null): Promise<number> {
  const a = SYSTEM_ACCOUNTS[name];
  return getOrCreate(db, shardKey(name, userId), a.currency, a.allowNegative, null);
}

/** The ids of a system account's opened shards (one id for an account that is not sharded). */
export async function systemAccountIds(db: Db, name: SystemAccount): Promise<number[]> {
  const a = SYSTEM_ACCOUNTS[name];
  const rows = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(ofSystemAccount(name), eq(ledgerAccounts.currency, a.currency)));
  return rows.map((r) => r.id);
}

function ofSystemAccount(name: SystemAccount) {
  const { key } = SYSTEM_ACCOUNTS[name];
  return isSharded(name)
    ? or(
        eq(ledgerAccounts.ownerKey, key),
        like(ledgerAccounts.ownerKey, `${key.replace(/[\\_%]/g, "\\$&")}:%`),
      )
    : eq(ledgerAccounts.ownerKey, key);
}

/** The FitCoin pool of a competition or group (`competition:5`, `group:3`): never negative. */
export function poolAccount(db: Db, ownerKey: string): Promise<number> {
  return getOrCreate(db, ownerKey, "FC", false, null);
}

/** A pool's FitCoins in hundredths (0 for a pool not opened yet). */
export async function poolBalance(db: Db, ownerKey: string): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerKey, ownerKey), eq(ledgerAccounts.currency, "FC")));
  return row?.balance ?? 0;
}

/** A member's balances in minor units (0 for accounts not opened yet). */
export async function userBalances(db: Db, userId: number): Promise<{ usd: number; fc: number }> {
  const rows = await db
    .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.ownerKey, `user:${userId}`));
  const of = (c: Currency) => rows.find((r) => r.currency === c)?.balance ?? 0;
  return { usd: of("USD"), fc: of("FC") };
}

/** The balance of a system account in minor units: the sum of its shards. */
export async function systemBalance(db: Db, name: SystemAccount): Promise<number> {
  const a = SYSTEM_ACCOUNTS[name];
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)` })
    .from(ledgerAccounts)
    .where(and(ofSystemAccount(name), eq(ledgerAccounts.currency, a.currency)));
  return Number(row.balance);
}

/**
 * The points issuance account that mints a member's points: one of POINTS_ISSUANCE_SHARDS
 * (`system:points_issuance:3`), chosen by member, so awards to different members do not queue on
 * one row. Every shard goes negative by what it minted; the audit's per-currency sum covers them.
 */
export function pointsIssuanceAccount(db: Db, userId: number): Promise<number> {
  return getOrCreate(db, `system:points_issuance:${userId % POINTS_ISSUANCE_SHARDS}`, "PTS", true, null);
}

/** A member's points (0 before their first award). */
export async function userPoints(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerKey, `user:${userId}`), eq(ledgerAccounts.currency, "PTS")));
  return row?.balance ?? 0;
}
