// Issue 32 item 7: each wallet line opens its receipt, with the reference the receipt email asks
// members to quote (the provider's payment id), served only to the line's own member.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emails } from "../../db/schema";
import { buildUser, fundWallet, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { depositHelpers } from "../deposits/deposit-helpers";

type Line = { id: number; type: string; currency: string; amount: string; source: string };

describe("a wallet line's receipt", () => {
  const t = useTestApp();
  const { intent, confirm } = depositHelpers(t);

  async function member(over: { timeZone?: string } = {}) {
    const user = await buildUser(t().app, over);
    return { user, session: await loginAs(t().app, user) };
  }
  const lines = async (session: Session): Promise<Line[]> =>
    (await t().app.inject({ url: "/api/transactions", headers: session.headers })).json();
  const receipt = (session: Session | undefined, id: number | string) =>
    t().app.inject({ url: `/api/transactions/${id}/receipt`, headers: session?.headers });

  it("says what the deposit's receipt email says, under the payment's reference", async () => {
    const { user, session } = await member({ timeZone: "Europe/Berlin" });
    const created = await intent(session, 25);
    expect((await confirm(session, created.clientSecret)).statusCode).toBe(200);
    const deposit = (await lines(session)).find((l) => l.type === "deposit");
    expect(deposit).toBeDefined();

    const res = await receipt(session, deposit?.id ?? 0);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      kind: "payment",
      amount: "$25.00",
      what: "Wallet deposit",
      reference: created.paymentIntentId,
      line: { id: deposit?.id, type: "deposit", amount: "+25.00", currency: "USD", source: "wallet" },
    });
    expect(body.date).toMatch(/\(Europe\/Berlin\)$/);

    // The email's lines, word for word.
    const [mail] = await t()
      .app.ctx.db.select()
      .from(emails)
      .where(and(eq(emails.toAddress, user.email), eq(emails.template, "receipt")));
    expect(mail.textBody).toContain(`Amount: ${body.amount}`);
    expect(mail.textBody).toContain(`For: ${body.what}`);
    expect(mail.textBody).toContain(`Reference: ${body.reference}`);
  });

  it("gives every line of FitCoins bought by card the purchase's receipt", async () => {
    const { session } = await member();
    const created = await intent(session, 20, "fitcoins");
    expect((await confirm(session, created.clientSecret)).statusCode).toBe(200);
    const bought = (await lines(session)).filter(
      (l) => l.type === "fitcoin_purchase" || l.type === "platform_fee",
    );
    expect(bought).toHaveLength(3);
    for (const line of bought) {
      expect((await receipt(session, line.id)).json()).toMatchObject({
        kind: "payment",
        amount: "$20.00",
        what: "17.00 FitCoins (after the 15% platform fee)",
        reference: created.paymentIntentId,
      });
    }
  });

  it("gives the membership line its period, and a line inside the app its transaction number", async () => {
    const { user, session } = await member();
    await fundWallet(t().app, user.id, 1000);
    const res = await t().app.inject({
      method: "POST",
      url: "/api/fitcoin/purchase",
      headers: session.headers,
      payload: { amount: 10 },
    });
    expect(res.statusCode).toBe(200);
    const all = await lines(session);

    const membership = all.find((l) => l.type === "subscription");
    const paid = (await receipt(session, membership?.id ?? 0)).json();
    expect(paid).toMatchObject({ kind: "payment", amount: "$6.99" });
    expect(paid.what).toMatch(/^StepRace membership, .+ to .+$/);
    expect(paid.reference).toMatch(/^pi_factory_/);

    const coins = all.find((l) => l.type === "fitcoin_purchase" && l.currency === "FC");
    expect((await receipt(session, coins?.id ?? 0)).json()).toMatchObject({
      kind: "transaction",
      amount: "8.50 FitCoins",
      what: "8.50 FitCoins from $10.00",
      reference: `TX-${coins?.id}`,
      line: { amount: "+8.50", currency: "FC" },
    });
  });

  it("answers 404 for another member's line and for no line, 400 for a bad id, 401 signed out", async () => {
    const owner = await member();
    const other = await member();
    const [line] = await lines(owner.session);
    expect((await receipt(owner.session, line.id)).statusCode).toBe(200);

    const stranger = await receipt(other.session, line.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: "NOT_FOUND" });
    // A site admin is no exception: a member's receipts are theirs (admins have the ledger export).
    const admin = await buildUser(t().app, { isAdmin: true });
    expect((await receipt(await loginAs(t().app, admin), line.id)).statusCode).toBe(404);
    expect((await receipt(owner.session, 2_000_000_000)).statusCode).toBe(404);
    expect((await receipt(owner.session, "abc")).statusCode).toBe(400);
    const signedOut = await receipt(undefined, line.id);
    expect(signedOut.statusCode).toBe(401);
  });
});
