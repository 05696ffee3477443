import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DELETE_PASSWORD_MISSING } from "../../../core/constants";
import { emails } from "../../db/schema";
import { FORGOTTEN_RECIPIENT } from "../../email/mailer";
import { pointsIssuanceAccount, userAccount, userBalances } from "../../ledger/accounts";
import { transfer } from "../../ledger/transfer";
import {
  buildCompetition,
  buildUser,
  DEVICE,
  fundedMember,
  fundWallet,
  loginAs,
  type Session,
} from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { WRONG_CURRENT_PASSWORD } from "../auth/account.service";
import { groupTestKit } from "../groups/group-test-kit";

/**
 * Issue 32: deleting an account asks for the member's password on the server, and the member is
 * first shown everything deletion takes (balances in the three currencies, every entry).
 */
describe("account deletion: the password, and what is lost", () => {
  const t = useTestApp();
  const { group, join } = groupTestKit(t);
  const call = (method: "GET" | "DELETE", url: string, s?: Session, payload?: object) =>
    t().app.inject({ method, url, headers: s?.headers ?? DEVICE, ...(payload ? { payload } : {}) });
  const remove = (s?: Session, payload?: object) => call("DELETE", "/api/user/account", s, payload);
  const preview = (s?: Session) => call("GET", "/api/user/account/deletion", s);

  async function givePoints(userId: number, points: number) {
    await t().app.ctx.db.transaction(async (tx) =>
      transfer(tx, {
        from: await pointsIssuanceAccount(tx, userId),
        to: await userAccount(tx, userId, "PTS"),
        amount: points,
        currency: "PTS",
        kind: "earned",
        description: "Test points",
      }),
    );
  }

  it("refuses without the password, or a wrong one, and changes nothing; the right one deletes once", async () => {
    const { user, session } = await fundedMember(t().app, 30);
    await fundWallet(t().app, user.id, 1_250);
    const before = await userBalances(t().app.ctx.db, user.id);

    expect((await remove(undefined, { currentPassword: user.password })).statusCode).toBe(401);
    for (const payload of [undefined, {}, { currentPassword: "" }]) {
      const res = await remove(session, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: "VALIDATION_ERROR",
        message: DELETE_PASSWORD_MISSING,
        details: [{ path: "currentPassword", message: DELETE_PASSWORD_MISSING }],
      });
    }
    const wrong = await remove(session, { currentPassword: `${user.password}x` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_CURRENT_PASSWORD);
    // A password typed otherwise than it was set is not it.
    expect((await remove(session, { currentPassword: ` ${user.password}` })).statusCode).toBe(400);
    expect((await remove(session, { currentPassword: "x".repeat(201) })).statusCode).toBe(400);

    // Nothing changed: still signed in, same name, same money.
    const me = await call("GET", "/api/auth/user", session);
    expect([me.statusCode, me.json().username]).toEqual([200, user.username]);
    expect(await userBalances(t().app.ctx.db, user.id)).toEqual(before);

    // The deletion mails of this test (the address is not kept, so they are found by template and time).
    const startedAt = new Date(Date.now() - 1000);
    const deletionMails = async () =>
      (await t().app.ctx.db.select().from(emails).where(eq(emails.template, "account_deleted"))).filter(
        (m) => m.createdAt >= startedAt,
      );
    expect(await deletionMails()).toHaveLength(0);
    const ok = await remove(session, { currentPassword: user.password });
    expect([ok.statusCode, ok.json()]).toEqual([200, { message: "Your account has been deleted" }]);
    // Confirmed once, with what to do if it was not them; the outbox keeps neither the address
    // nor the name the account had.
    const [told, ...more] = await deletionMails();
    expect(more).toHaveLength(0);
    expect(told.subject).toBe("Your StepRace account was deleted");
    expect(told.textBody).toContain("If it was not you, write to");
    expect(told.toAddress).toBe(FORGOTTEN_RECIPIENT);
    for (const kept of [told.textBody, told.htmlBody, told.toAddress]) {
      expect(kept).not.toContain(user.email);
      expect(kept).not.toContain(user.firstName);
    }
    // A second time: the session ended with the account.
    expect((await remove(session, { currentPassword: user.password })).statusCode).toBe(401);
  });

  it("shows the balances and every entry deletion gives up, under way or not", async () => {
    const admin = await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    const { user, session } = await fundedMember(t().app, 100);
    await fundWallet(t().app, user.id, 2_500);
    await givePoints(user.id, 1_340);
    expect((await preview(undefined)).statusCode).toBe(401);

    const soon = await buildCompetition(t().app, admin, { name: "Starts Soon", entryFee: 10 }, 3600_000);
    const later = await buildCompetition(t().app, admin, { name: "Next Week", entryFee: 20 }, 7 * 86_400_000);
    const free = await buildCompetition(t().app, admin, { name: "Free Stroll", entryFee: null }, 3600_000);
    for (const c of [soon, later, free]) {
      const res = await t().app.inject({
        method: "POST",
        url: `/api/competitions/${c.id}/join`,
        headers: session.headers,
        payload: { deviceFingerprint: session.fingerprint },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const owner = await fundedMember(t().app, 50);
    const g = await group(owner.session, { name: "Lunch Walkers" });
    expect((await join(g.inviteCode, session)).statusCode).toBe(200);

    // Two hours on: "Starts Soon" and "Free Stroll" are under way.
    t().clock.set(new Date(t().app.ctx.clock.now().getTime() + 2 * 3600_000));
    const res = await preview(session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      balance: "25.00",
      fitcoins: 55,
      points: 1_340,
      // No Gift Card of the Month yet; the cheapest points card of the catalogue takes 5,000.
      cheapestRedemption: { fitcoins: null, points: 5_000 },
      entries: [
        { kind: "competition", id: soon.id, name: "Starts Soon", paid: 10, underWay: true },
        { kind: "competition", id: later.id, name: "Next Week", paid: 20, underWay: false },
        { kind: "competition", id: free.id, name: "Free Stroll", paid: 0, underWay: true },
        { kind: "group", id: g.id, name: "Lunch Walkers", paid: 15, underWay: false },
      ],
    });

    // This month's offer: its cheaper card's FitCoin price is the least that redeems FitCoins.
    const month = t().app.ctx.clock.now().toISOString().slice(0, 7);
    const offer = await t().app.inject({
      method: "POST",
      url: "/api/admin/gift-card-offers",
      headers: admin.headers,
      payload: { month, brand: "Amazon", description: "Amazon cards", fitcoins50: "62.5" },
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const activated = await t().app.inject({
      method: "POST",
      url: `/api/admin/gift-card-offers/${offer.json().id}/activate`,
      headers: admin.headers,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect((await preview(session)).json().cheapestRedemption).toEqual({ fitcoins: 62.5, points: 5_000 });
  });
});
