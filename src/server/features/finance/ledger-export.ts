// The ledger's transfers of a date range as CSV (issue 23 item 4), streamed: read in pages by id
// (keyset) and written as each page arrives, so a year of transfers is never held in memory.
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { amountText, csvCell, csvLine } from "../../http/csv";

export { csvCell };

export const EXPORT_PAGE_SIZE = 1000;

export const CSV_COLUMNS = [
  "id",
  "created_at",
  "kind",
  "currency",
  "amount",
  "debit_account",
  "credit_account",
  "member_id",
  "reference",
  "description",
  "actor_id",
  "actor",
] as const;

type Row = {
  id: string;
  created_at: Date | string;
  kind: string;
  currency: string;
  amount: string;
  debit_key: string;
  credit_key: string;
  user_id: number | null;
  reference: string | null;
  description: string;
  actor_id: number | null;
  actor: string | null;
};

function line(r: Row): string {
  return csvLine([
    csvCell(Number(r.id)),
    csvCell(new Date(r.created_at).toISOString()),
    csvCell(r.kind),
    csvCell(r.currency),
    csvCell(amountText(Number(r.amount), r.currency), true),
    csvCell(r.debit_key),
    csvCell(r.credit_key),
    csvCell(r.user_id),
    csvCell(r.reference),
    csvCell(r.description),
    csvCell(r.actor_id),
    csvCell(r.actor),
  ]);
}

const inRange = (from: Date, to: Date) =>
  sql`t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz`;

export type IdBounds = { lo: number; hi: number } | null;

/**
 * The smallest and largest id of the range (through the created_at index): the pages then walk
 * ids between them, so no page scans the transfers before or after the range. Null: no transfers.
 */
export async function idBounds(db: Db, from: Date, to: Date): Promise<IdBounds> {
  const [row] = await queryRows<{ lo: string | null; hi: string | null }>(
    db,
    sql`select min(t.id)::text as lo, max(t.id)::text as hi from ledger_transfers t where ${inRange(from, to)}`,
  );
  return row?.lo == null || row.hi == null ? null : { lo: Number(row.lo), hi: Number(row.hi) };
}

function page(db: Db, from: Date, to: Date, afterId: number, lastId: number, size: number) {
  return queryRows<Row>(
    db,
    sql`select t.id::text, t.created_at, t.kind, t.currency, t.amount::text,
      d.owner_key as debit_key, c.owner_key as credit_key, t.user_id, t.reference, t.description,
      t.actor_id, u.username as actor
    from ledger_transfers t
    join ledger_accounts d on d.id = t.debit_account_id
    join ledger_accounts c on c.id = t.credit_account_id
    left join users u on u.id = t.actor_id
    where t.id > ${afterId} and t.id <= ${lastId} and ${inRange(from, to)}
    order by t.id
    limit ${size}`,
  );
}

/**
 * The CSV: the header, then one chunk per page of transfers, oldest first, between `bounds` (taken
 * by the caller before the answer starts, so that a failure there is still an ordinary error).
 * A transfer committed after the bounds were taken, with a larger id, is not in the file.
 */
export async function* ledgerCsv(
  db: Db,
  from: Date,
  to: Date,
  bounds: IdBounds,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  if (!bounds) return;
  let after = bounds.lo - 1;
  for (;;) {
    const rows = await page(db, from, to, after, bounds.hi, pageSize);
    if (rows.length === 0) return;
    yield rows.map(line).join("");
    after = Number(rows[rows.length - 1].id);
    if (rows.length < pageSize || after >= bounds.hi) return;
  }
}

/**
 * The chunks as a stream that asks for the next page only when the client has taken the last:
 * one chunk buffered (Readable.from's default would read 16 pages ahead of a slow client).
 */
export function csvStream(chunks: AsyncIterable<string>): Readable {
  return Readable.from(chunks, { highWaterMark: 1 });
}

/** `ledger-transfers_2026-05-01_2026-06-01.csv` (the range's instants, to the second when needed). */
export function exportFileName(from: Date, to: Date): string {
  const text = (d: Date) => {
    const iso = d.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso.slice(0, 19).replace(/:/g, "-");
  };
  return `ledger-transfers_${text(from)}_${text(to)}.csv`;
}
