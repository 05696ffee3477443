import { asc, eq, inArray, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../db/client";
import { ledgerAccounts, ledgerTransfers } from "../db/schema";
import { AppError } from "../errors";
import type { Currency } from "./accounts";

export type TransferKind =
  | "deposit"
  | "fitcoin_purchase"
  | "platform_fee"
  | "entry_fee"
  | "refund"
  | "prize"
  | "winnings"
  | "pool_contribution"
  | "admin_grant"
  | "redemption"
  | "subscription"
  /** Points: 20 per 500 steps, daily milestones, streak bonuses (DESIGN 1, points). */
  | "earned"
  | "milestone"
  | "bonus"
  /** A card payment taken back: a refund or dispute of a deposit (and a won dispute's return). */
  | "chargeback";

export type TransferInput = {
  /** The account the amount leaves. */
  from: number;
  /** The account the amount arrives in. */
  to: number;
  /** Minor units, a positive whole number. */
  amount: number;
  currency: Currency;
  kind: TransferKind;
  description: string;
  /** The member this movement concerns, for their history. */
  userId?: number | null;
  reference?: string | null;
  /** A movement with a key is written once: a retry with the same key changes nothing. */
  idempotencyKey?: string | null;
};

export type TransferResult = { id: number; applied: boolean };

/**
 * The transfer already written under this key, if any. The same key for a different movement is a
 * client bug (a key reused for another request): refused rather than silently taken as done.
 */
async function findByKey(tx: Tx, input: TransferInput): Promise<TransferResult | undefined> {
  const [seen] = await tx
    .select({
      id: ledgerTransfers.id,
      amount: ledgerTransfers.amount,
      from: ledgerTransfers.debitAccountId,
      to: ledgerTransfers.creditAccountId,
    })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, input.idempotencyKey as string))
    .limit(1);
  if (!seen) return undefined;
  if (seen.amount !== input.amount || seen.from !== input.from || seen.to !== input.to) {
    throw new AppError(409, "CONFLICT", "This request was already made with different details");
  }
  return { id: seen.id, applied: false };
}

export const insufficientFunds = (message = "Insufficient funds") =>
  new AppError(422, "INSUFFICIENT_FUNDS", message);

/**
 * The only code that changes a balance. Runs inside the caller's transaction (the type insists:
 * outside one, the row locks would end before the balances are written): locks both
 * accounts in id order (so two transfers between the same accounts cannot deadlock), checks the
 * debit account can pay, writes the transfer and both balances. A repeated idempotency key
 * answers the transfer already written, with `applied: false`.
 */
export async function transfer(tx: Tx, input: TransferInput): Promise<TransferResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new AppError(500, "INTERNAL", `Transfer amount must be a positive whole number: ${input.amount}`);
  }
  if (input.from === input.to) throw new AppError(500, "INTERNAL", "A transfer needs two different accounts");

  if (input.idempotencyKey) {
    const seen = await findByKey(tx, input);
    if (seen) return seen;
  }

  const accounts = await tx
    .select({
      id: ledgerAccounts.id,
      currency: ledgerAccounts.currency,
      balance: ledgerAccounts.balance,
      allowNegative: ledgerAccounts.allowNegative,
      userId: ledgerAccounts.userId,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [input.from, input.to]))
    .orderBy(asc(ledgerAccounts.id))
    .for("update");
  const debit = accounts.find((a) => a.id === input.from);
  const credit = accounts.find((a) => a.id === input.to);
  if (!debit || !credit) throw new AppError(500, "INTERNAL", "Transfer between unknown accounts");
  if (debit.currency !== input.currency || credit.currency !== input.currency) {
    throw new AppError(500, "INTERNAL", "Transfer between accounts of another currency");
  }
  if (!debit.allowNegative && debit.balance < input.amount) throw insufficientFunds();

  // One statement writes the transfer and both balances (fewer round trips while the locks are held);
  // the balances move only if the transfer row was written.
  const userId = input.userId ?? debit.userId ?? credit.userId ?? null;
  const [written] = await queryRows<{ id: string | null }>(
    tx,
    sql`with t as (
      insert into ledger_transfers
        (debit_account_id, credit_account_id, amount, currency, kind, description, user_id, reference, idempotency_key)
      values (${input.from}, ${input.to}, ${input.amount}, ${input.currency}, ${input.kind}, ${input.description},
        ${userId}, ${input.reference ?? null}, ${input.idempotencyKey ?? null})
      on conflict (idempotency_key) do nothing
      returning id
    ), moved as (
      update ledger_accounts
      set balance = balance + case when id = ${input.from} then -${input.amount}::bigint else ${input.amount}::bigint end
      where id in (${input.from}, ${input.to}) and exists (select 1 from t)
      returning id
    )
    select (select id from t)::text as id`,
  );
  if (written?.id == null) {
    // Another transaction wrote the same key between our look-up and our insert.
    return (await findByKey(tx, input)) as TransferResult;
  }
  return { id: Number(written.id), applied: true };
}
