import { asc, eq, inArray, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../db/client";
import { ledgerAccounts, ledgerTransfers } from "../db/schema";
import { AppError } from "../errors";
import type { Currency } from "./accounts";

/**
 * What a transfer is (DESIGN 2.3: a member's history is derived from these). Beside the kinds of
 * the DESIGN's list:
 * - `admin_grant`: FitCoins issued to a member by an admin (issuance → member), with a reason as
 *   its description; `actor_id` names the admin (older grants: only the reference `admin:<id>`).
 * - `admin_reversal`: an admin grant taken back (member → the issuance shard it came from), with
 *   reference `transfer:<grant id>` and idempotency key `reversal:<grant id>`, so a grant is
 *   reversed at most once; `actor_id` names the admin who reversed it (never the member).
 * - `chargeback`: a deposit's card payment taken back, both card refunds (key `refund:...`) and
 *   disputes (key `dispute:...`; a won dispute's return `...:won`); the part a wallet could not
 *   cover is paid by chargeback losses (`...:loss`). The finance view tells refunds from disputes
 *   by that key (features/finance/finance.repo.ts).
 * - `gift_card_cost`: an issued card's dollar face value, from what pays for it to the payable.
 * `actor_id` is set only on moves an admin made by hand; every move the app makes itself has none.
 */
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
  | "admin_reversal"
  | "redemption"
  | "subscription"
  /** Points: 20 per 500 steps, daily milestones, streak bonuses (DESIGN 1, points). */
  | "earned"
  | "milestone"
  | "bonus"
  | "chargeback"
  | "gift_card_cost";

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
  /** The admin who moves this money by hand (grants and their reversals); the app's own moves have none. */
  actorId?: number | null;
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

/** A movement the code itself got wrong (never the client's input): a positive whole amount, two accounts. */
function checkMovement(input: TransferInput): void {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new AppError(500, "INTERNAL", `Transfer amount must be a positive whole number: ${input.amount}`);
  }
  if (input.from === input.to) throw new AppError(500, "INTERNAL", "A transfer needs two different accounts");
}

/**
 * Locks the accounts in id order (so two writers of the same accounts cannot deadlock) and reads
 * them: every path that checks balances before moving money locks through here.
 */
export function lockAccounts(tx: Tx, ids: number[]) {
  return tx
    .select({
      id: ledgerAccounts.id,
      currency: ledgerAccounts.currency,
      balance: ledgerAccounts.balance,
      allowNegative: ledgerAccounts.allowNegative,
      userId: ledgerAccounts.userId,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...new Set(ids)]))
    .orderBy(asc(ledgerAccounts.id))
    .for("update");
}

/**
 * The time the movements of this transaction happened, when it is not now: demo data made at the
 * moment it would have been (seed/demo-clock.ts) books its transfers then. Local to the caller's
 * transaction (it ends with it); without it a transfer carries the database's time of its
 * transaction, as always.
 */
export async function bookAt(tx: Tx, at: Date): Promise<void> {
  await tx.execute(sql`select set_config('steprace.booked_at', ${at.toISOString()}, true)`);
}

/** When a transfer written now happened: the transaction's booked time (bookAt), else now(). */
const bookedAt = sql`coalesce(nullif(current_setting('steprace.booked_at', true), '')::timestamptz, now())`;

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
  checkMovement(input);

  if (input.idempotencyKey) {
    const seen = await findByKey(tx, input);
    if (seen) return seen;
  }

  const accounts = await lockAccounts(tx, [input.from, input.to]);
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
        (debit_account_id, credit_account_id, amount, currency, kind, description, user_id, reference, idempotency_key, actor_id, created_at)
      values (${input.from}, ${input.to}, ${input.amount}, ${input.currency}, ${input.kind}, ${input.description},
        ${userId}, ${input.reference ?? null}, ${input.idempotencyKey ?? null}, ${input.actorId ?? null}::int, ${bookedAt})
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

/**
 * Movements that belong together (a purchase's reserve, fee and coins), booked as transfer()
 * would book them one by one, in at most three statements whatever their number: the accounts
 * locked in id order, the idempotency keys looked up (under the locks, so a retry of the same
 * movements has either committed or not started), then every transfer and balance written at
 * once. Each debit account must hold all it pays here. Answers one result per movement, in order.
 */
export async function transferAll(tx: Tx, inputs: TransferInput[]): Promise<TransferResult[]> {
  if (inputs.length <= 1) return Promise.all(inputs.map((input) => transfer(tx, input)));
  for (const input of inputs) checkMovement(input);

  const accounts = await lockAccounts(
    tx,
    inputs.flatMap((i) => [i.from, i.to]),
  );
  const byId = new Map(accounts.map((a) => [a.id, a]));

  const keys = inputs.map((i) => i.idempotencyKey).filter((k): k is string => Boolean(k));
  if (keys.length > 0) {
    const seen = await tx
      .select({ key: ledgerTransfers.idempotencyKey })
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.idempotencyKey, keys))
      .limit(1);
    // Written before (a retry): transfer() answers each, and refuses a key reused differently.
    if (seen.length > 0) {
      const results: TransferResult[] = [];
      for (const input of inputs) results.push(await transfer(tx, input));
      return results;
    }
  }

  const debits = new Map<number, number>();
  const deltas = new Map<number, number>();
  for (const input of inputs) {
    const debit = byId.get(input.from);
    const credit = byId.get(input.to);
    if (!debit || !credit) throw new AppError(500, "INTERNAL", "Transfer between unknown accounts");
    if (debit.currency !== input.currency || credit.currency !== input.currency) {
      throw new AppError(500, "INTERNAL", "Transfer between accounts of another currency");
    }
    debits.set(input.from, (debits.get(input.from) ?? 0) + input.amount);
    deltas.set(input.from, (deltas.get(input.from) ?? 0) - input.amount);
    deltas.set(input.to, (deltas.get(input.to) ?? 0) + input.amount);
  }
  for (const [id, total] of debits) {
    const account = byId.get(id);
    if (account && !account.allowNegative && account.balance < total) throw insufficientFunds();
  }

  const rows = inputs.map((input) => {
    const userId = input.userId ?? byId.get(input.from)?.userId ?? byId.get(input.to)?.userId ?? null;
    return sql`(${input.from}::int, ${input.to}::int, ${input.amount}::bigint, ${input.currency}, ${input.kind},
      ${input.description}, ${userId}::int, ${input.reference ?? null}, ${input.idempotencyKey ?? null},
      ${input.actorId ?? null}::int, ${bookedAt})`;
  });
  const moves = [...deltas]
    .filter(([, delta]) => delta !== 0)
    .map(([id, delta]) => sql`(${id}::int, ${delta}::bigint)`);
  const written = await queryRows<{ id: string }>(
    tx,
    sql`with t as (
      insert into ledger_transfers
        (debit_account_id, credit_account_id, amount, currency, kind, description, user_id, reference, idempotency_key, actor_id, created_at)
      values ${sql.join(rows, sql`, `)}
      returning id
    )${
      moves.length > 0
        ? sql`, moved as (
      update ledger_accounts a set balance = a.balance + d.delta
      from (values ${sql.join(moves, sql`, `)}) as d(id, delta)
      where a.id = d.id
      returning a.id
    )`
        : sql``
    }
    select t.id::text as id from t order by t.id`,
  );
  // Identity values are drawn in the order of the rows: the n-th smallest id is the n-th movement.
  return written.map((w) => ({ id: Number(w.id), applied: true }));
}
