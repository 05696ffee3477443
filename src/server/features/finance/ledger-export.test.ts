import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { systemAccount, userAccount } from "../../ledger/accounts";
import { type TransferInput, transferAll } from "../../ledger/transfer";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";
import { CSV_COLUMNS, csvCell, ledgerCsv } from "./ledger-export";

/** RFC 4180 as a spreadsheet reads it: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const ROWS = 3500;
const IN_RANGE = "2002-05-10T08:00:00Z";
const RANGE = "from=2002-05-01&to=2002-06-01";
const TRICKY = 'Prize, "Spring" cup\nsecond line';

describe("GET /api/admin/finance/transfers.csv", () => {
  const t = useTestApp();
  const app = () => t().app;
  let admin: Session;
  let adminId: number;
  let memberId: number;

  beforeAll(async () => {
    const adminUser = await buildUser(app(), { isAdmin: true, subscribed: false });
    adminId = adminUser.id;
    admin = await loginAs(app(), adminUser);
    memberId = (await buildUser(app(), { subscribed: false })).id;
    const [mark] = await queryRows<{ id: string | null }>(
      app().ctx.db,
      sql`select max(id)::text as id from ledger_transfers`,
    );
    // Thousands of grants, written in batches the way a busy year writes them one by one.
    await app().ctx.db.transaction(async (tx) => {
      const from = await systemAccount(tx, "fitcoinIssuance", memberId);
      const to = await userAccount(tx, memberId, "FC");
      for (let start = 0; start < ROWS; start += 500) {
        const batch: TransferInput[] = Array.from({ length: Math.min(500, ROWS - start) }, (_, k) => {
          const n = start + k;
          const description =
            n === 0 ? TRICKY : n === 1 ? '=HYPERLINK("http://evil")' : n === 2 ? "@SUM(A1)" : `Grant ${n}`;
          return {
            from,
            to,
            amount: 1 + (n % 250),
            currency: "FC",
            kind: "admin_grant",
            description,
            userId: memberId,
            reference: n === 3 ? "-2+3" : `admin:${adminId}`,
            actorId: adminId,
          };
        });
        await transferAll(tx, batch);
      }
    });
    await app().ctx.db.execute(
      sql`update ledger_transfers set created_at = ${IN_RANGE}::timestamptz where id > ${Number(mark.id ?? 0)}`,
    );
  });

  it("streams every transfer of the range in several chunks, quoted and safe for spreadsheets", async () => {
    const res = await app().inject({
      url: `/api/admin/finance/transfers.csv?${RANGE}`,
      headers: admin.headers,
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="ledger-transfers_2002-05-01_2002-06-01.csv"',
    );
    const chunks: string[] = [];
    for await (const chunk of res.stream()) chunks.push(String(chunk));
    // Written as the pages arrived: the header, then one chunk per page of 1,000.
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    const rows = parseCsv(chunks.join(""));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const data = rows.slice(1);
    expect(data).toHaveLength(ROWS);
    const ids = data.map((r) => Number(r[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ROWS);

    const [first, second, third, fourth] = data;
    expect(first).toEqual([
      first[0],
      "2002-05-10T08:00:00.000Z",
      "admin_grant",
      "FC",
      "0.01",
      expect.stringMatching(/^system:fitcoin_issuance/),
      `user:${memberId}`,
      String(memberId),
      `admin:${adminId}`,
      TRICKY,
      String(adminId),
      expect.any(String),
    ]);
    expect(second[9]).toBe('\'=HYPERLINK("http://evil")');
    expect(third[9]).toBe("'@SUM(A1)");
    expect(fourth[8]).toBe("'-2+3");
    // The sum of the file is the sum of the books.
    const total = data.reduce((s, r) => s + Math.round(Number(r[4]) * 100), 0);
    const [books] = await queryRows<{ sum: string }>(
      app().ctx.db,
      sql`select sum(amount)::text as sum from ledger_transfers where created_at >= '2002-05-01' and created_at < '2002-06-01'`,
    );
    expect(total).toBe(Number(books.sum));
    await expectBooksBalanced(app());
  });

  it("reads the ledger a page at a time, and nothing outside the range", async () => {
    const chunks: string[] = [];
    for await (const c of ledgerCsv(app().ctx.db, new Date("2002-05-01"), new Date("2002-06-01"), 1000)) {
      chunks.push(c);
    }
    expect(chunks).toHaveLength(1 + Math.ceil(ROWS / 1000));
    const empty: string[] = [];
    for await (const c of ledgerCsv(app().ctx.db, new Date("2002-06-01"), new Date("2002-07-01")))
      empty.push(c);
    expect(empty).toEqual([`${CSV_COLUMNS.join(",")}\r\n`]);
  });

  it("records the export in the audit log, with its range", async () => {
    await app().inject({ url: `/api/admin/finance/transfers.csv?${RANGE}`, headers: admin.headers });
    const log = await app().inject({
      url: "/api/admin/audit-log?action=ledger.export",
      headers: admin.headers,
    });
    expect(log.json().items[0]).toMatchObject({
      admin: { id: adminId },
      action: "ledger.export",
      targetType: "ledger",
      details: { from: "2002-05-01T00:00:00.000Z", to: "2002-06-01T00:00:00.000Z" },
    });
  });

  it("answers 400 for a bad range, 403 to members and 401 without a session, and exports nothing", async () => {
    const bad = await app().inject({
      url: "/api/admin/finance/transfers.csv?from=2002-06-01&to=2002-05-01",
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("VALIDATION_ERROR");
    const member = await loginAs(app(), await buildUser(app()));
    const refused = await app().inject({
      url: `/api/admin/finance/transfers.csv?${RANGE}`,
      headers: member.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect((await app().inject({ url: `/api/admin/finance/transfers.csv?${RANGE}` })).statusCode).toBe(401);
  });

  it.each<[string | number | null, string]>([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=1+1", "'=1+1"],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@cmd", "'@cmd"],
    ["\tTab", "'\tTab"],
    ['=A1,"x"', '"\'=A1,""x"""'],
    [42, "42"],
    [null, ""],
  ])("csvCell(%j) is %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});
