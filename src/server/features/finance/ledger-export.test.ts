import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../db/client";
import { systemAccount, userAccount } from "../../ledger/accounts";
import { type TransferInput, transferAll } from "../../ledger/transfer";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";
import { CSV_COLUMNS, csvCell, csvStream, EXPORT_PAGE_SIZE, idBounds, ledgerCsv } from "./ledger-export";

/** Makes the next look-up of the range's id bounds fail the way a database error does. */
const failing = vi.hoisted(() => ({ bounds: false }));
vi.mock("./ledger-export", async (importOriginal) => {
  const real = await importOriginal<typeof import("./ledger-export")>();
  return {
    ...real,
    idBounds: (...args: Parameters<typeof real.idBounds>) => {
      if (!failing.bounds) return real.idBounds(...args);
      failing.bounds = false;
      return Promise.reject(new Error("Failed query: select min(t.id) from ledger_transfers\nparams: 1"));
    },
  };
});

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

/** Written: every seventh is dated just outside the range, inside its span of ids. */
const WRITTEN = 3500;
const outside = (n: number) => n % 7 === 5;
/** In the range: an exact multiple of the page size (the last page is full, and is the last). */
const ROWS = 3000;
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
      for (let start = 0; start < WRITTEN; start += 500) {
        const batch: TransferInput[] = Array.from({ length: Math.min(500, WRITTEN - start) }, (_, k) => {
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
    // The seventh ones alternate: the last millisecond before the range, and its end itself.
    const first = Number(mark.id ?? 0) + 1;
    await app().ctx.db.execute(
      sql`update ledger_transfers set created_at = case when (id - ${first}) % 7 = 5
          then (case when id % 2 = 0 then '2002-04-30T23:59:59.999Z' else '2002-06-01T00:00:00Z' end)::timestamptz
          else ${IN_RANGE}::timestamptz end
        where id >= ${first}`,
    );
    expect(ROWS % EXPORT_PAGE_SIZE).toBe(0);
    expect(Array.from({ length: WRITTEN }, (_, n) => n).filter((n) => !outside(n))).toHaveLength(ROWS);
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
    // Written as the pages arrived (the transport may join some writes; the pages are counted below).
    expect(chunks.length).toBeGreaterThan(1);
    const rows = parseCsv(chunks.join(""));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const data = rows.slice(1);
    expect(data).toHaveLength(ROWS);
    // Exactly the range's transfers: none of those dated just before it or at its end.
    expect(new Set(data.map((r) => r[1]))).toEqual(new Set(["2002-05-10T08:00:00.000Z"]));
    expect(data.map((r) => r[9])).not.toContain("Grant 5");
    expect(data.map((r) => r[9])).toContain("Grant 4");
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
    const db = app().ctx.db;
    const csv = async (from: string, to: string, size = 1000) => {
      const chunks: string[] = [];
      const bounds = await idBounds(db, new Date(from), new Date(to));
      for await (const c of ledgerCsv(db, new Date(from), new Date(to), bounds, size)) chunks.push(c);
      return chunks;
    };
    // The header and three full pages: the last full page ends the file (no empty page after it).
    const pages = await csv("2002-05-01", "2002-06-01");
    expect(pages).toHaveLength(1 + ROWS / 1000);
    expect(pages.slice(1).map((c) => c.split("\r\n").length - 1)).toEqual([1000, 1000, 1000]);
    // The transfers dated exactly at the end of a range are in the next one, from its start.
    const after = await csv("2002-06-01", "2002-07-01");
    expect(after.slice(1).join("").split("\r\n").length - 1).toBe(250);
    expect(await csv("2002-07-01", "2002-08-01")).toEqual([`${CSV_COLUMNS.join(",")}\r\n`]);
  });

  it("hands the client one page at a time: the next is read only when the last was taken", async () => {
    // Node 20's Readable.from already buffers one item by default; csvStream says so explicitly.
    let read = 0;
    async function* pages() {
      for (let i = 0; i < 50; i++) {
        read++;
        yield `page ${i}\r\n`;
      }
    }
    const stream = csvStream(pages());
    expect(stream.readableHighWaterMark).toBe(1);
    const reader = stream[Symbol.asyncIterator]();
    expect((await reader.next()).value).toBe("page 0\r\n");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).toBeLessThanOrEqual(2);
    stream.destroy();
  });

  const exportsLogged = async () =>
    (await app().inject({ url: "/api/admin/audit-log?action=ledger.export", headers: admin.headers })).json()
      .items.length as number;

  it("answers a failure before the first row as a JSON 500, and records no export", async () => {
    const before = await exportsLogged();
    failing.bounds = true;
    const res = await app().inject({
      url: `/api/admin/finance/transfers.csv?${RANGE}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(500);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json().message).not.toMatch(/select|params/i);
    expect(await exportsLogged()).toBe(before);
  });

  it("has no HEAD route: a HEAD neither runs the export nor writes an audit entry", async () => {
    const before = await exportsLogged();
    const res = await app().inject({
      method: "HEAD",
      url: `/api/admin/finance/transfers.csv?${RANGE}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(await exportsLogged()).toBe(before);
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
