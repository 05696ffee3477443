import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { ledgerAccounts, ledgerTransfers } from "../db/schema";
import { buildUser } from "../test/factories";
import { useTestApp } from "../test/test-app";
import { systemAccount, userAccount, userBalances } from "./accounts";
import { auditLedger } from "./audit";
import { transfer, transferAll } from "./transfer";

describe("ledger.transfer", () => {
  const t = useTestApp();
  const db = () => t().app.ctx.db;

  async function funded(cents: number) {
    const user = await buildUser(t().app);
    const account = await db().transaction(async (tx) => {
      const id = await userAccount(tx, user.id, "USD");
      if (cents > 0) {
        await transfer(tx, {
          from: await systemAccount(tx, "cardPayments"),
          to: id,
          amount: cents,
          currency: "USD",
          kind: "deposit",
          description: "test",
        });
      }
      return id;
    });
    return { user, account };
  }

  it("moves money between two accounts and keeps every currency at zero", async () => {
    const a = await funded(1000);
    const b = await funded(0);
    await db().transaction((tx) =>
      transfer(tx, {
        from: a.account,
        to: b.account,
        amount: 250,
        currency: "USD",
        kind: "winnings",
        description: "x",
      }),
    );
    expect((await userBalances(db(), a.user.id)).usd).toBe(750);
    expect((await userBalances(db(), b.user.id)).usd).toBe(250);
    expect((await auditLedger(db())).ok).toBe(true);
  });

  describe("transferAll", () => {
    const movements = (a: number, b: number, c: number, key?: string) => [
      {
        from: a,
        to: b,
        amount: 300,
        currency: "USD" as const,
        kind: "winnings" as const,
        description: "one",
        idempotencyKey: key ? `${key}:1` : null,
      },
      {
        from: a,
        to: c,
        amount: 200,
        currency: "USD" as const,
        kind: "winnings" as const,
        description: "two",
        idempotencyKey: key ? `${key}:2` : null,
      },
      {
        from: a,
        to: c,
        amount: 50,
        currency: "USD" as const,
        kind: "winnings" as const,
        description: "three",
        idempotencyKey: key ? `${key}:3` : null,
      },
    ];
    const rowsOf = (ids: number[]) =>
      db()
        .select({
          id: ledgerTransfers.id,
          from: ledgerTransfers.debitAccountId,
          to: ledgerTransfers.creditAccountId,
          amount: ledgerTransfers.amount,
          description: ledgerTransfers.description,
        })
        .from(ledgerTransfers)
        .where(inArray(ledgerTransfers.id, ids));

    it("books several movements at once, each answered in order, balances moved once", async () => {
      const a = await funded(1000);
      const b = await funded(0);
      const c = await funded(0);
      const results = await db().transaction((tx) =>
        transferAll(tx, movements(a.account, b.account, c.account)),
      );
      expect(results.map((r) => r.applied)).toEqual([true, true, true]);
      const rows = await rowsOf(results.map((r) => r.id));
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(results.map((r) => byId.get(r.id)?.description)).toEqual(["one", "two", "three"]);
      expect(byId.get(results[1].id)).toMatchObject({ from: a.account, to: c.account, amount: 200 });
      expect((await userBalances(db(), a.user.id)).usd).toBe(450);
      expect((await userBalances(db(), b.user.id)).usd).toBe(300);
      expect((await userBalances(db(), c.user.id)).usd).toBe(250);
      expect((await auditLedger(db())).ok).toBe(true);
    });

    it("needs the payer to cover all it pays, even when each movement alone would fit; writes nothing", async () => {
      const a = await funded(400);
      const b = await funded(0);
      const c = await funded(0);
      await expect(
        db().transaction((tx) => transferAll(tx, movements(a.account, b.account, c.account))),
      ).rejects.toMatchObject({ statusCode: 422, code: "INSUFFICIENT_FUNDS" });
      expect((await userBalances(db(), a.user.id)).usd).toBe(400);
      expect((await userBalances(db(), c.user.id)).usd).toBe(0);
    });

    it("answers a retry with the same keys with the transfers already written, and refuses a key reused differently", async () => {
      const a = await funded(1000);
      const b = await funded(0);
      const c = await funded(0);
      const key = `batch-${a.account}`;
      const first = await db().transaction((tx) =>
        transferAll(tx, movements(a.account, b.account, c.account, key)),
      );
      const again = await db().transaction((tx) =>
        transferAll(tx, movements(a.account, b.account, c.account, key)),
      );
      expect(again).toEqual(first.map((r) => ({ id: r.id, applied: false })));
      expect((await userBalances(db(), a.user.id)).usd).toBe(450);
      const changed = movements(a.account, b.account, c.account, key);
      changed[0].amount = 301;
      await expect(db().transaction((tx) => transferAll(tx, changed))).rejects.toMatchObject({
        statusCode: 409,
      });
      expect((await auditLedger(db())).ok).toBe(true);
    });
  });

  it("refuses to overdraw a member's account with 422 and writes nothing", async () => {
    const a = await funded(100);
    const b = await funded(0);
    await expect(
      db().transaction((tx) =>
        transfer(tx, {
          from: a.account,
          to: b.account,
          amount: 101,
          currency: "USD",
          kind: "winnings",
          description: "x",
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 422, code: "INSUFFICIENT_FUNDS" });
    expect((await userBalances(db(), a.user.id)).usd).toBe(100);
  });

  it("writes a transfer with an idempotency key once", async () => {
    const a = await funded(1000);
    const b = await funded(0);
    const once = () =>
      db().transaction((tx) =>
        transfer(tx, {
          from: a.account,
          to: b.account,
          amount: 300,
          currency: "USD",
          kind: "prize",
          description: "x",
          idempotencyKey: `prize-${a.user.id}`,
        }),
      );
    const results = await Promise.all([once(), once(), once()]);
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect((await userBalances(db(), b.user.id)).usd).toBe(300);
  });

  it("refuses zero, fractional and cross-currency amounts", async () => {
    const a = await funded(1000);
    const b = await funded(0);
    const fc = await db().transaction((tx) => userAccount(tx, b.user.id, "FC"));
    for (const [bad, message] of [
      [{ to: b.account, amount: 0, currency: "USD" as const }, /positive whole number/],
      [{ to: b.account, amount: 1.5, currency: "USD" as const }, /positive whole number/],
      [{ to: fc, amount: 1, currency: "USD" as const }, /another currency/],
      [{ to: a.account, amount: 1, currency: "USD" as const }, /two different accounts/],
    ] as const) {
      await expect(
        db().transaction((tx) =>
          transfer(tx, { from: a.account, ...bad, kind: "winnings", description: "x" }),
        ),
      ).rejects.toThrow(message);
    }
    expect((await userBalances(db(), a.user.id)).usd).toBe(1000);
  });

  it("does not deadlock when two members pay each other many times at once", async () => {
    const a = await funded(10_000);
    const b = await funded(10_000);
    const pay = (from: number, to: number) =>
      db().transaction((tx) =>
        transfer(tx, { from, to, amount: 7, currency: "USD", kind: "winnings", description: "x" }),
      );
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? pay(a.account, b.account) : pay(b.account, a.account))),
    );
    const [ab, bb] = [(await userBalances(db(), a.user.id)).usd, (await userBalances(db(), b.user.id)).usd];
    expect(ab + bb).toBe(20_000);
    expect(ab).toBe(10_000);
  });

  it("is guarded by the database too: a member's balance cannot go below zero", async () => {
    const a = await funded(0);
    await expect(
      db().update(ledgerAccounts).set({ balance: -1 }).where(eq(ledgerAccounts.id, a.account)),
    ).rejects.toThrow();
  });
});

describe("ledger audit", () => {
  const t = useTestApp();

  it("finds a balance changed behind the ledger's back", async () => {
    const user = await buildUser(t().app);
    const id = await t().app.ctx.db.transaction((tx) => userAccount(tx, user.id, "USD"));
    await t()
      .app.ctx.db.update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + 5` })
      .where(eq(ledgerAccounts.id, id));
    const report = await auditLedger(t().app.ctx.db);
    expect(report.ok).toBe(false);
    expect(report.mismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "currency_not_zero", currency: "USD", sum: 5 }),
        expect.objectContaining({ kind: "balance_mismatch", accountId: id, balance: 5, fromTransfers: 0 }),
      ]),
    );
    // Put it back so this file's own closing audit passes.
    await t().app.ctx.db.update(ledgerAccounts).set({ balance: 0 }).where(eq(ledgerAccounts.id, id));
  });

  it("npm run ledger:audit prints one JSON line last: 0 on clean books, 1 on a mismatch or no ledger", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "steprace-audit-"));
    const audit = () =>
      promisify(execFile)("node", ["--import", "tsx", "src/server/cli/ledger-audit.ts"], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      })
        .then((r) => ({ code: 0, stdout: r.stdout }))
        .catch((err: { code: number; stdout: string }) => ({ code: err.code, stdout: err.stdout }));
    const lastLine = (stdout: string) => JSON.parse(stdout.trim().split("\n").pop() as string);

    // A folder without the ledger's tables is an error, and the check does not create them.
    const empty = await audit();
    expect(empty.code).toBe(1);
    expect(lastLine(empty.stdout)).toMatchObject({ ok: false, error: "no ledger tables" });

    const database = await openDatabase({ kind: "pglite", dataDir });
    await migrate(database);
    await database.close();
    const clean = await audit();
    expect(clean.code).toBe(0);
    expect(lastLine(clean.stdout)).toEqual({ ok: true, accounts: 0, transfers: 0, mismatches: [] });

    // A balance nobody paid for: exit 1, and the mismatches named.
    const again = await openDatabase({ kind: "pglite", dataDir });
    await again.db.insert(ledgerAccounts).values({ ownerKey: "user:0", currency: "FC", balance: 700 });
    await again.close();
    const broken = await audit();
    expect(broken.code).toBe(1);
    const report = lastLine(broken.stdout);
    expect(report.ok).toBe(false);
    expect(report.mismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "currency_not_zero", currency: "FC", sum: 700 }),
        expect.objectContaining({ kind: "balance_mismatch", balance: 700, fromTransfers: 0 }),
      ]),
    );
  }, 90_000);
});
