import { and, asc, eq, gt, gte, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import { zonedIsoString } from "../../core/rules/zoned-time";
import { STATEMENT_COLUMNS } from "../../core/schemas/statements";
import { type Db, queryRows } from "../db/client";
import { ledgerAccounts, ledgerTransfers } from "../db/schema";
import { amountText, csvCell, csvLine } from "../http/csv";
import type { Currency } from "./accounts";

/** Lines read from the database at a time: a year of transfers is never held in memory. */
export const STATEMENT_PAGE = 500;

export type StatementRange = {
  userId: number;
  currencies: Currency[];
  /** Instants: from included, to excluded. */
  from?: Date;
  to?: Date;
  /** The member's IANA time zone: the Date column is their wall clock (with its offset). */
  timeZone: string;
};

/*
 * A member's statement as CSV lines (issue 23, item 5). "Balance after" is the balance of the
 * member's own account in that currency once the line was booked. Every transfer of one account
 * runs under that account's row lock (ledger/transfer.ts), so the transfer ids of one account are
 * in booking order, and the balance after a line is the sum of the account's transfers up to its
 * id. The statement streams the lines by id from the first one in the date range, adding every
 * transfer of the member's accounts to the running balance, and writes those inside the range.
 * A card payment made for the member between system accounts (the membership, FitCoins bought by
 * card) never moved their balance: its source is "card" and it has no balance.
 */

/** The member's statement, header first, a line at a time (read STATEMENT_PAGE transfers at a time). */
export async function* statementCsv(db: Db, range: StatementRange): AsyncGenerator<string> {
  // The header names the zone the dates are in; each date carries its offset too (ISO 8601).
  const [, ...rest] = STATEMENT_COLUMNS;
  yield csvLine([csvCell(`Date (${range.timeZone})`), ...rest]);
  const own = await db
    .select({ id: ledgerAccounts.id, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.ownerKey, `user:${range.userId}`));
  const ownIds = own.map((a) => a.id);
  const mine = or(
    eq(ledgerTransfers.userId, range.userId),
    ownIds.length ? inArray(ledgerTransfers.debitAccountId, ownIds) : undefined,
    ownIds.length ? inArray(ledgerTransfers.creditAccountId, ownIds) : undefined,
  );
  // The books of an issued gift card name the member but move only the business's dollars.
  const base = and(
    inArray(ledgerTransfers.currency, range.currencies),
    mine,
    ne(ledgerTransfers.kind, "gift_card_cost"),
  );
  const inRange = and(
    base,
    range.from ? gte(ledgerTransfers.createdAt, range.from) : undefined,
    range.to ? lt(ledgerTransfers.createdAt, range.to) : undefined,
  );
  const [bounds] = await db
    .select({
      first: sql<string | null>`min(${ledgerTransfers.id})`,
      last: sql<string | null>`max(${ledgerTransfers.id})`,
    })
    .from(ledgerTransfers)
    .where(inRange);
  if (!bounds?.first || !bounds.last) return;
  const first = Number(bounds.first);
  const last = Number(bounds.last);

  const running = new Map<string, number>(range.currencies.map((c) => [c, 0]));
  if (ownIds.length) {
    const opening = await queryRows<{ currency: string; balance: string }>(
      db,
      sql`select currency,
            (coalesce(sum(amount) filter (where credit_account_id in ${ownIds}), 0)
              - coalesce(sum(amount) filter (where debit_account_id in ${ownIds}), 0))::text as balance
          from ledger_transfers
          where id < ${first}
            and (credit_account_id in ${ownIds} or debit_account_id in ${ownIds})
          group by currency`,
    );
    for (const o of opening) if (running.has(o.currency)) running.set(o.currency, Number(o.balance));
  }
  const ownSet = new Set(ownIds);

  let after = first - 1;
  for (;;) {
    const rows = await db
      .select({
        id: ledgerTransfers.id,
        kind: ledgerTransfers.kind,
        amount: ledgerTransfers.amount,
        currency: ledgerTransfers.currency,
        description: ledgerTransfers.description,
        createdAt: ledgerTransfers.createdAt,
        debit: ledgerTransfers.debitAccountId,
        credit: ledgerTransfers.creditAccountId,
      })
      .from(ledgerTransfers)
      .where(and(base, gt(ledgerTransfers.id, after), lte(ledgerTransfers.id, last)))
      .orderBy(asc(ledgerTransfers.id))
      .limit(STATEMENT_PAGE);
    for (const r of rows) {
      const incoming = ownSet.has(r.credit);
      const outgoing = ownSet.has(r.debit);
      const delta = (incoming ? r.amount : 0) - (outgoing ? r.amount : 0);
      const balance = (running.get(r.currency) ?? 0) + delta;
      running.set(r.currency, balance);
      const shown = (!range.from || r.createdAt >= range.from) && (!range.to || r.createdAt < range.to);
      if (!shown) continue;
      const byCard = !incoming && !outgoing;
      // A card payment is money the member spent, as the wallet's history shows it.
      const signed = byCard ? -r.amount : incoming ? r.amount : -r.amount;
      yield csvLine([
        csvCell(zonedIsoString(r.createdAt, range.timeZone)),
        csvCell(r.kind),
        csvCell(r.description),
        csvCell(amountText(signed, r.currency), true),
        csvCell(r.currency),
        byCard ? "" : csvCell(amountText(balance, r.currency), true),
        byCard ? "card" : r.currency === "PTS" ? "points" : "wallet",
      ]);
    }
    if (rows.length < STATEMENT_PAGE) return;
    after = rows[rows.length - 1].id;
  }
}
