// Members' statements (issue 23, item 5): histories paged by cursor past the newest 100, and the
// statement as CSV, streamed, each member's own only.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerTransfers } from "../../db/schema";
import {
  type Currency,
  pointsIssuanceAccount,
  systemAccount,
  userAccount,
  userBalances,
} from "../../ledger/accounts";
import { auditLedger } from "../../ledger/audit";
import { STATEMENT_PAGE } from "../../ledger/statement";
import { type TransferInput, transferAll } from "../../ledger/transfer";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

type Line = { id: number; type: string; amount: string; currency: string; source: string };

describe("members' statements", () => {
  const t = useTestApp();
  const app = () => t().app;

  async function member(timeZone = "UTC") {
    const user = await buildUser(app(), { timeZone });
    return { id: user.id, session: await loginAs(app(), user) };
  }

  /** `n` movements into (and some out of) the member's accounts, in one transaction. */
  async function book(
    userId: number,
    n: number,
    currency: Currency = "USD",
    label = (i: number) => `Line ${i}`,
  ) {
    await app().ctx.db.transaction(async (tx) => {
      const source =
        currency === "USD"
          ? await systemAccount(tx, "cardPayments", userId)
          : currency === "FC"
            ? await systemAccount(tx, "fitcoinIssuance", userId)
            : await pointsIssuanceAccount(tx, userId);
      const own = await userAccount(tx, userId, currency);
      const kind = currency === "USD" ? "deposit" : currency === "FC" ? "admin_grant" : "earned";
      const inputs: TransferInput[] = Array.from({ length: n }, (_, i) => ({
        from: source,
        to: own,
        amount: 100 + i,
        currency,
        kind,
        description: label(i),
        userId,
      }));
      await transferAll(tx, inputs);
    });
  }

  const get = (session: Session | null, url: string) =>
    app().inject({ url, headers: session?.headers ?? {} });

  async function allPages(session: Session, base: string) {
    const seen: Line[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const sep = base.includes("?") ? "&" : "?";
      const res = await get(session, cursor === null ? base : `${base}${sep}cursor=${cursor}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { items: Line[]; nextCursor: number | null };
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null && pages < 100);
    return { seen, pages };
  }

  it("pages the wallet history past the newest 100, newest first, each line once", async () => {
    const a = await member();
    const b = await member();
    await book(a.id, 60);
    await book(b.id, 5);
    await book(a.id, 60);
    await book(a.id, 7, "FC");

    const bare = (await get(a.session, "/api/transactions")).json() as Line[];
    expect(bare).toHaveLength(100);

    const { seen, pages } = await allPages(a.session, "/api/transactions/page?limit=40");
    // 127 movements and the membership paid by card when the member was built.
    expect(seen).toHaveLength(128);
    expect(pages).toBe(4);
    expect(new Set(seen.map((l) => l.id)).size).toBe(128);
    expect(seen.map((l) => l.id)).toEqual([...seen.map((l) => l.id)].sort((x, y) => y - x));
    // The first page is the bare list's first lines, the same shape.
    expect(seen.slice(0, 40)).toEqual(bare.slice(0, 40));

    const fc = await allPages(a.session, "/api/transactions/page?currency=FC");
    expect(fc.seen.map((l) => l.currency)).toEqual(Array(7).fill("FC"));
    expect(fc.pages).toBe(1);
  });

  it("ends on a full page when the lines are an exact multiple of the limit (no empty page after)", async () => {
    const a = await member();
    // 19 deposits and the membership: exactly two pages of 10.
    await book(a.id, 19);
    await book(a.id, 20, "PTS");
    for (const base of ["/api/transactions/page?limit=10", "/api/points/transactions/page?limit=10"]) {
      const first = (await get(a.session, base)).json();
      expect(first.items, base).toHaveLength(10);
      expect(first.nextCursor, base).toBe(first.items[9].id);
      const second = (await get(a.session, `${base}&cursor=${first.nextCursor}`)).json();
      expect(second.items, base).toHaveLength(10);
      expect(second.nextCursor, base).toBeNull();
      // One line fewer than a page: the last page is short and says so as well.
      const { seen, pages } = await allPages(a.session, base.replace("limit=10", "limit=7"));
      expect([seen.length, pages], base).toEqual([20, 3]);
    }
  });

  it("never shows a member another member's lines, whatever cursor they pass", async () => {
    const a = await member();
    const b = await member();
    await book(a.id, 3);
    await book(b.id, 3);
    const aIds = (await allPages(a.session, "/api/transactions/page")).seen.map((l) => l.id);
    const bIds = (await allPages(b.session, "/api/transactions/page")).seen.map((l) => l.id);
    expect(aIds.filter((id) => bIds.includes(id))).toEqual([]);
    // B with a cursor above everyone's lines still sees only B's.
    const above = Math.max(...aIds, ...bIds) + 1;
    const page = (await get(b.session, `/api/transactions/page?cursor=${above}`)).json();
    expect(page.items.map((l: Line) => l.id)).toEqual(bIds);
    const points = (await get(b.session, `/api/points/transactions/page?cursor=${above}`)).json();
    expect(points.items).toEqual([]);
  });

  it("pages the point history past the newest 100", async () => {
    const a = await member();
    await book(a.id, 130, "PTS");
    const bare = (await get(a.session, "/api/points/transactions")).json();
    expect(bare).toHaveLength(100);
    const { seen } = await allPages(a.session, "/api/points/transactions/page?limit=100");
    expect(seen).toHaveLength(130);
    expect(seen[0]).toEqual(bare[0]);
    expect(new Set(seen.map((l) => l.id)).size).toBe(130);
  });

  it.each([
    "cursor=abc",
    "cursor=0",
    "cursor=-5",
    "cursor=1.5",
    "cursor=99999999999999999",
    "cursor=",
    "limit=0",
    "limit=101",
    "currency=PTS",
  ])("answers 400 for %s", async (query) => {
    const a = await member();
    for (const base of ["/api/transactions/page", "/api/points/transactions/page"]) {
      if (base.includes("points") && query.startsWith("currency")) continue;
      const res = await get(a.session, `${base}?${query}`);
      expect(res.statusCode, `${base}?${query}`).toBe(400);
      expect(res.json().code).toBe("VALIDATION_ERROR");
    }
  });

  it("answers 401 signed out", async () => {
    for (const url of [
      "/api/transactions/page",
      "/api/points/transactions/page",
      "/api/transactions.csv",
      "/api/transactions.csv?currency=PTS",
    ]) {
      expect((await get(null, url)).statusCode, url).toBe(401);
    }
  });

  // ------------------------------------------------------------------ CSV

  const csv = async (session: Session, query = "") => {
    const res = await get(session, `/api/transactions.csv${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  /** The cells of each line (the test's lines hold no quoted commas unless said). */
  const parse = (body: string) =>
    body
      .trimEnd()
      .split("\r\n")
      .map((line) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1]));

  it("downloads the member's statement oldest first with the balance after each line", async () => {
    const a = await member();
    const b = await member();
    await book(a.id, 3);
    await book(b.id, 2);
    await book(a.id, 2, "FC", (i) => (i === 0 ? '=HYPERLINK("http://evil","x")' : "@SUM(A1), fine"));
    // Money out: converting $2 of the wallet (85% becomes FitCoins, 15% fee).
    const conv = await app().inject({
      method: "POST",
      url: "/api/fitcoin/purchase",
      headers: a.session.headers,
      payload: { amount: 2 },
    });
    expect(conv.statusCode).toBe(200);

    const res = await csv(a.session);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="steprace-statement-.*\.csv"$/);
    const rows = parse(res.body);
    expect(rows[0]).toEqual([
      "Date (UTC)",
      "Type",
      "Description",
      "Amount",
      "Currency",
      "Balance after",
      "Source",
    ]);
    const body = rows.slice(1);
    expect(body.map((r) => [r[1], r[3], r[4], r[5], r[6]])).toEqual([
      ["subscription", "-6.99", "USD", "", "card"],
      ["deposit", "1.00", "USD", "1.00", "wallet"],
      ["deposit", "1.01", "USD", "2.01", "wallet"],
      ["deposit", "1.02", "USD", "3.03", "wallet"],
      ["admin_grant", "1.00", "FC", "1.00", "wallet"],
      ["admin_grant", "1.01", "FC", "2.01", "wallet"],
      ["fitcoin_purchase", "-1.70", "USD", "1.33", "wallet"],
      ["platform_fee", "-0.30", "USD", "1.03", "wallet"],
      ["fitcoin_purchase", "1.70", "FC", "3.71", "wallet"],
    ]);
    // A description a spreadsheet would run as a formula is defused; commas are quoted.
    expect(body[4][2]).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(body[5][2]).toBe(`"'@SUM(A1), fine"`);
    expect(body.every((r) => !Number.isNaN(Date.parse(r[0])))).toBe(true);
    // The last balance of each currency is the wallet's.
    expect(await userBalances(app().ctx.db, a.id)).toEqual({ usd: 103, fc: 371 });

    const usd = parse((await csv(a.session, "?currency=USD")).body).slice(1);
    expect(usd.map((r) => r[4])).toEqual(Array(6).fill("USD"));
    const other = parse((await csv(b.session)).body).slice(1);
    expect(other.map((r) => r[3])).toEqual(["-6.99", "1.00", "1.01"]);
  });

  it("keeps the balance right for a date range in the member's time zone", async () => {
    const a = await member("America/New_York");
    await book(a.id, 4);
    const ids = (
      await app()
        .ctx.db.select({ id: ledgerTransfers.id })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.userId, a.id))
        .orderBy(ledgerTransfers.id)
    ).map((r) => r.id);
    // The membership on Nov 1; deposits on Nov 2, 3 (23:30 New York: Nov 4 in UTC), and Nov 5.
    const times = [
      "2026-11-01T15:00:00Z",
      "2026-11-02T15:00:00Z",
      "2026-11-03T15:00:00Z",
      "2026-11-04T04:30:00Z",
      "2026-11-05T15:00:00Z",
    ];
    for (const [i, id] of ids.entries()) {
      await app()
        .ctx.db.update(ledgerTransfers)
        .set({ createdAt: new Date(times[i]) })
        .where(eq(ledgerTransfers.id, id));
    }
    const rows = parse((await csv(a.session, "?from=2026-11-03&to=2026-11-03")).body).slice(1);
    // Both of Nov 3 in New York, dated on its clock, with the balance of everything before them.
    expect(rows.map((r) => [r[0], r[3], r[5]])).toEqual([
      ["2026-11-03T10:00:00-05:00", "1.01", "2.01"],
      ["2026-11-03T23:30:00-05:00", "1.02", "3.03"],
    ]);
    expect(
      parse((await csv(a.session, "?from=2026-11-05")).body)
        .slice(1)
        .map((r) => r[5]),
    ).toEqual(["4.06"]);
    expect(parse((await csv(a.session, "?to=2026-10-31")).body)).toHaveLength(1);
  });

  it("names the member's time zone in the header and their own day in the file name", async () => {
    // 03:00 UTC on Nov 4 is still Nov 3 in New York. Signed in at that time too: a session made on
    // the real clock would have expired by then on a date a month before (issue 29).
    t().clock.set(new Date("2026-11-04T03:00:00Z"));
    const a = await member("America/New_York");
    const res = await csv(a.session);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="steprace-statement-start-to-2026-11-03.csv"',
    );
    expect(parse(res.body)[0][0]).toBe("Date (America/New_York)");
    const ranged = await csv(a.session, "?from=2026-11-01&currency=PTS");
    expect(ranged.headers["content-disposition"]).toBe(
      'attachment; filename="steprace-statement-2026-11-01-to-2026-11-03-PTS.csv"',
    );
  });

  it("declares its answers in the API description: CSV, 400, 401 and 500", async () => {
    const doc = (await app().inject({ url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const op = doc.paths["/api/transactions.csv"].get;
    expect(Object.keys(op.responses).sort()).toEqual(["200", "400", "401", "500"]);
    expect(JSON.stringify(op.responses["200"])).toContain("text/csv");
    // Its errors are the usual JSON.
    expect(JSON.stringify(op.responses["400"])).toContain("application/json");
  });

  it("streams a statement longer than one page with the running balance across pages", async () => {
    const a = await member();
    await book(a.id, STATEMENT_PAGE + 20, "PTS");
    const rows = parse((await csv(a.session, "?currency=PTS")).body).slice(1);
    expect(rows).toHaveLength(STATEMENT_PAGE + 20);
    let sum = 0;
    for (const [i, r] of rows.entries()) {
      sum += 100 + i;
      expect(r[5]).toBe(String(sum));
      expect(r[6]).toBe("points");
    }
    expect((await auditLedger(app().ctx.db)).ok).toBe(true);
  });

  it.each([
    "from=2026-13-01",
    "from=2026-02-30",
    "to=yesterday",
    "from=2026-11-05&to=2026-11-01",
    "currency=EUR",
  ])("answers 400 for a statement with %s", async (query) => {
    const a = await member();
    const res = await get(a.session, `/api/transactions.csv?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_ERROR");
  });

  it("counts lines of the member only (sanity: the others' are in the table)", async () => {
    const a = await member();
    const b = await member();
    await book(b.id, 3);
    const total = await app().ctx.db.$count(ledgerTransfers, inArray(ledgerTransfers.userId, [a.id, b.id]));
    expect(total).toBe(5);
    const rows = parse((await csv(a.session)).body).slice(1);
    expect(rows).toHaveLength(1);
  });
});
