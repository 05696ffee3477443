import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Tx } from "../db/client";
import { ledgerTransfers } from "../db/schema";
import { buildUser } from "../test/factories";
import { useTestApp } from "../test/test-app";
import { systemAccount, userAccount } from "./accounts";
import { auditLedger } from "./audit";
import { bookAt, transfer, transferAll } from "./transfer";

describe("ledger bookAt", () => {
  const t = useTestApp();
  const db = () => t().app.ctx.db;

  const deposit = async (tx: Tx, userId: number, amount: number) => ({
    from: await systemAccount(tx, "cardPayments"),
    to: await userAccount(tx, userId, "USD"),
    amount,
    currency: "USD" as const,
    kind: "deposit" as const,
    description: "test",
  });

  it("books a transaction's transfers at its stated time, and only that transaction's", async () => {
    const user = await buildUser(t().app);
    const then = new Date("2026-01-05T09:30:00.000Z");
    const ids = await db().transaction(async (tx) => {
      await bookAt(tx, then);
      const one = await transfer(tx, await deposit(tx, user.id, 500));
      const [two, three] = await transferAll(tx, [
        await deposit(tx, user.id, 100),
        await deposit(tx, user.id, 200),
      ]);
      return [one.id, two.id, three.id];
    });
    // The next transactions, whatever connection they get, are booked now again.
    const before = Date.now();
    const later: number[] = [];
    for (let i = 0; i < 3; i++) {
      later.push((await db().transaction(async (tx) => transfer(tx, await deposit(tx, user.id, 50)))).id);
    }
    const rows = await db()
      .select({ id: ledgerTransfers.id, at: ledgerTransfers.createdAt })
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.id, [...ids, ...later]));
    const at = new Map(rows.map((r) => [r.id, r.at.getTime()]));
    for (const id of ids) expect(at.get(id)).toBe(then.getTime());
    for (const id of later) expect(at.get(id)).toBeGreaterThanOrEqual(before - 60_000);
    expect((await auditLedger(db())).ok).toBe(true);
  });
});
