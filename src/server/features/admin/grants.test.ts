import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AuditEntry } from "../../../core/schemas/audit";
import { ledgerTransfers } from "../../db/schema";
import { userBalances } from "../../ledger/accounts";
import { buildUser, fundWallet, loginAs, type Session } from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";

describe("reversing an admin grant", () => {
  const t = useTestApp();
  const db = () => t().app.ctx.db;

  async function signedIn(overrides: { isAdmin?: boolean } = {}) {
    const user = await buildUser(t().app, overrides);
    return { ...user, session: await loginAs(t().app, user) };
  }
  const post = (url: string, session: Session | undefined, payload?: Record<string, unknown>) =>
    t().app.inject({ method: "POST", url, headers: session?.headers, ...(payload ? { payload } : {}) });
  const reverse = (id: number, session: Session | undefined, reason: unknown = "Granted by mistake") =>
    post(`/api/admin/transfers/${id}/reverse`, session, { reason });

  /** Grants `amount` FitCoins through the route; answers the grant's transfer id. */
  async function grant(admin: Session, userId: number, amount: number, reason = "Contest winner") {
    const res = await post("/api/admin/add-coins", admin, { userId, amount, reason });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db()
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.kind, "admin_grant"), eq(ledgerTransfers.userId, userId)))
      .orderBy(desc(ledgerTransfers.id))
      .limit(1);
    return row.id;
  }
  /** The audit entries of reversals of this grant. */
  const reversalsLogged = async (admin: Session, grantId: number): Promise<AuditEntry[]> =>
    (
      await t().app.inject({
        url: `/api/admin/audit-log?action=fitcoins.reverse&targetType=transfer&targetId=${grantId}`,
        headers: admin.headers,
      })
    ).json().items;

  it("takes the FitCoins back to issuance, names the grant, and shows in the member's history and the audit log", async () => {
    const admin = await signedIn({ isAdmin: true });
    const other = await signedIn({ isAdmin: true });
    const member = await signedIn();
    const id = await grant(admin.session, member.id, 25);

    const res = await reverse(id, other.session, "  Granted to the wrong member ");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      message: `Reversed 25 FitCoins granted to ${member.username}`,
      transferId: expect.any(Number),
      fitcoins: 25,
    });
    expect(await userBalances(db(), member.id)).toEqual({ usd: 0, fc: 0 });

    const [counter] = await db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, body.transferId));
    const [original] = await db().select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id));
    expect(counter).toMatchObject({
      kind: "admin_reversal",
      currency: "FC",
      amount: 2500,
      debitAccountId: original.creditAccountId,
      creditAccountId: original.debitAccountId,
      reference: `transfer:${id}`,
      idempotencyKey: `reversal:${id}`,
      actorId: other.id,
      userId: member.id,
      description: "Grant reversed: Granted to the wrong member",
    });

    const history = (
      await t().app.inject({ url: "/api/transactions", headers: member.session.headers })
    ).json();
    expect(history.slice(0, 2)).toMatchObject([
      {
        type: "admin_reversal",
        amount: "-25.00",
        currency: "FC",
        description: "Grant reversed: Granted to the wrong member",
      },
      { type: "admin_grant", amount: "+25.00", currency: "FC", description: "Contest winner" },
    ]);

    // The admin's member page: who granted, who reversed, and what reverses what.
    const page = (
      await t().app.inject({
        url: `/api/admin/users/${member.id}/transactions`,
        headers: admin.session.headers,
      })
    ).json();
    expect(page.items.slice(0, 2)).toMatchObject([
      {
        id: body.transferId,
        adminMove: { admin: { id: other.id, username: other.username }, reverses: id, reversedBy: null },
      },
      {
        id,
        adminMove: {
          admin: { id: admin.id, username: admin.username },
          reversedBy: body.transferId,
          reverses: null,
        },
      },
    ]);

    const [entry] = await reversalsLogged(admin.session, id);
    expect(entry).toMatchObject({
      admin: { id: other.id },
      targetType: "transfer",
      targetId: id,
      targetUser: { id: member.id },
      reason: "Granted to the wrong member",
      details: { fitcoins: 25, grantTransferId: id, transferId: body.transferId },
    });
    await expectBooksBalanced(t().app);
  });

  it("happens once: the second attempt is 409 and moves nothing", async () => {
    const admin = await signedIn({ isAdmin: true });
    const member = await signedIn();
    const id = await grant(admin.session, member.id, 10);
    await grant(admin.session, member.id, 10, "Second grant");
    expect((await reverse(id, admin.session)).statusCode).toBe(200);
    const again = await reverse(id, admin.session);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: "CONFLICT", message: "This grant was already reversed" });
    expect((await userBalances(db(), member.id)).fc).toBe(1000);
    expect(await reversalsLogged(admin.session, id)).toHaveLength(1);
  });

  it("never takes the member below zero: 422 when they spent the coins, and nothing moves", async () => {
    const admin = await signedIn({ isAdmin: true });
    const member = await signedIn();
    const id = await grant(admin.session, member.id, 20);
    // They put most of it into a pool (a contribution of the group they create pays 15 FC).
    const created = await post("/api/groups", member.session, { name: "Spenders", description: "x" });
    expect(created.statusCode, created.body).toBe(201);
    const res = await reverse(id, admin.session);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: "INSUFFICIENT_FUNDS",
      message: "The member no longer holds these FitCoins: they hold 5.00 of the 20.00 granted",
    });
    expect((await userBalances(db(), member.id)).fc).toBe(500);
    expect(await reversalsLogged(admin.session, id)).toHaveLength(0);
  });

  it("answers 404 for an unknown transfer and 409 for one that is not an admin grant", async () => {
    const admin = await signedIn({ isAdmin: true });
    const member = await signedIn();
    expect((await reverse(999_999_999, admin.session)).statusCode).toBe(404);
    await fundWallet(t().app, member.id, 1000);
    const [deposit] = await db()
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.userId, member.id), eq(ledgerTransfers.kind, "deposit")));
    const res = await reverse(deposit.id, admin.session);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: "CONFLICT",
      message: "Only an admin grant of FitCoins can be reversed: this transfer is not one",
    });
    // A reversal is not a grant either.
    const id = await grant(admin.session, member.id, 3);
    const done = (await reverse(id, admin.session)).json();
    expect((await reverse(done.transferId, admin.session)).statusCode).toBe(409);
    expect((await userBalances(db(), member.id)).usd).toBe(1000);
  });

  it("refuses an admin's grant to themselves, and the reversal of a grant made to them (403)", async () => {
    const admin = await signedIn({ isAdmin: true });
    const other = await signedIn({ isAdmin: true });
    const self = await post("/api/admin/add-coins", admin.session, {
      userId: admin.id,
      amount: 50,
      reason: "Me",
    });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({
      code: "FORBIDDEN",
      message: "You cannot grant FitCoins to yourself: ask another admin",
    });
    expect((await userBalances(db(), admin.id)).fc).toBe(0);

    // Another admin may grant to them; they may not take it back themselves, a third admin may.
    const id = await grant(other.session, admin.id, 8);
    const own = await reverse(id, admin.session);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({
      code: "FORBIDDEN",
      message: "You cannot reverse a grant made to yourself: ask another admin",
    });
    expect((await userBalances(db(), admin.id)).fc).toBe(800);
    expect(await reversalsLogged(other.session, id)).toHaveLength(0);
    expect((await reverse(id, other.session)).statusCode).toBe(200);
  });

  it("answers a replayed Idempotency-Key with another reason or amount with 409, and grants once", async () => {
    const admin = await signedIn({ isAdmin: true });
    const member = await signedIn();
    const send = (body: Record<string, unknown>) =>
      t().app.inject({
        method: "POST",
        url: "/api/admin/add-coins",
        headers: { ...admin.session.headers, "idempotency-key": "grant-key-conflict-1" },
        payload: { userId: member.id, amount: 4, reason: "Bug bounty", ...body },
      });
    expect((await send({})).statusCode).toBe(200);
    expect((await send({ reason: "  Bug bounty " })).statusCode).toBe(200);
    for (const other of [{ reason: "Another reason" }, { amount: 5 }]) {
      const res = await send(other);
      expect(res.statusCode, JSON.stringify(other)).toBe(409);
      expect(res.json()).toEqual({
        code: "CONFLICT",
        message: "This request was already made with different details",
      });
    }
    expect((await userBalances(db(), member.id)).fc).toBe(400);
    const logged = await t().app.inject({
      url: `/api/admin/audit-log?action=fitcoins.grant&targetId=${member.id}`,
      headers: admin.session.headers,
    });
    expect(logged.json().items).toHaveLength(1);
  });

  it.each([
    ["no reason", undefined],
    ["a blank reason", "   "],
    ["a reason of 201 characters", "x".repeat(201)],
  ])("answers 400 for %s, and the grant stays", async (_name, reason) => {
    const admin = await signedIn({ isAdmin: true });
    const member = await signedIn();
    const id = await grant(admin.session, member.id, 4);
    const res = await post(
      `/api/admin/transfers/${id}/reverse`,
      admin.session,
      reason === undefined ? {} : { reason },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "reason" }] });
    expect((await post("/api/admin/transfers/abc/reverse", admin.session, { reason: "x" })).statusCode).toBe(
      400,
    );
    expect((await userBalances(db(), member.id)).fc).toBe(400);
  });

  it("answers 403 to members (even for their own grant) and 401 without a session", async () => {
    const admin = await signedIn({ isAdmin: true });
    const member = await signedIn();
    const id = await grant(admin.session, member.id, 6);
    const res = await reverse(id, member.session);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: "FORBIDDEN", message: "Admin privileges required" });
    expect((await reverse(id, undefined)).statusCode).toBe(401);
    expect((await userBalances(db(), member.id)).fc).toBe(600);
  });

  it("two admins clicking Reverse at once: exactly one reversal, the others 409, the books balanced", async () => {
    const admins = await Promise.all(Array.from({ length: 4 }, () => signedIn({ isAdmin: true })));
    const member = await signedIn();
    const id = await grant(admins[0].session, member.id, 30);
    // Some more coins, so a second reversal would not be stopped by the balance but by the key.
    await grant(admins[0].session, member.id, 100, "Other grant");
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => reverse(id, admins[i % admins.length].session)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    expect((await userBalances(db(), member.id)).fc).toBe(10_000);
    const reversals = await db()
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, `transfer:${id}`));
    expect(reversals).toHaveLength(1);
    expect(await reversalsLogged(admins[0].session, id)).toHaveLength(1);
    await expectBooksBalanced(t().app);
  });
});
