import { and, eq } from "drizzle-orm";
import { POINTS_ISSUANCE_SHARDS } from "../../core/constants";
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
 */
export const SYSTEM_ACCOUNTS = {
  cardPayments: { key: "system:card_payments", currency: "USD", allowNegative: true },
  subscriptionRevenue: { key: "system:subscription_revenue", currency: "USD", allowNegative: false },
  platformFees: { key: "system:platform_fees", currency: "USD", allowNegative: false },
  fitcoinReserve: { key: "system:fitcoin_reserve", currency: "USD", allowNegative: false },
  fitcoinIssuance: { key: "system:fitcoin_issuance", currency: "FC", allowNegative: true },
  chargebackLosses: { key: "system:chargeback_losses", currency: "USD", allowNegative: true },
  /** FitCoins spent on Gift Card of the Month cards. */
  fitcoinRedemptions: { key: "system:fitcoin_redemptions", currency: "FC", allowNegative: false },
  /** Points spent on gift cards. */
  pointsRedemptions: { key: "system:points_redemptions", currency: "PTS", allowNegative: false },
} as const satisfies Record<string, { key: string; currency: Currency; allowNegative: boolean }>;

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

export function userAccount(db: Db, userId: number, currency: Currency): Promise<number> {
  return getOrCreate(db, `user:${userId}`, currency, false, userId);
}

export function systemAccount(db: Db, name: SystemAccount): Promise<number> {
  const a = SYSTEM_ACCOUNTS[name];
  return getOrCreate(db, a.key, a.currency, a.allowNegative, null);
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

/** The balance of a system account in minor units. */
export async function systemBalance(db: Db, name: SystemAccount): Promise<number> {
  const a = SYSTEM_ACCOUNTS[name];
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerKey, a.key), eq(ledgerAccounts.currency, a.currency)));
  return row?.balance ?? 0;
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
