// Gift Card of the Month guards (review of issue 23, item 6): an offer is offered in its own month
// only (Activate is for the current month, Schedule for later ones), and an offer whose FitCoin
// price is below its card's value is never activated, scheduled, started or redeemed. Rows made
// before the price CHECK existed are simulated by dropping the CHECK in this file's own database.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { GiftCardOffer } from "../../../core/schemas/rewards";
import { giftCardOffers } from "../../db/schema";
import { userBalances } from "../../ledger/accounts";
import { buildUser, fundedMember, loginAs } from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";
import { rollOffersOver } from "./offers.service";
import { offerTestKit } from "./offers-test-kit";

const PRICE_CHECK = "gift_card_offers_price_covers_value";

describe("gift card offer guards", () => {
  const t = useTestApp();
  const { sessions, month, monthStart, send, signIn, offer, act } = offerTestKit(t);
  const current = async (): Promise<GiftCardOffer | null> =>
    (await send(sessions.member, "GET", "/api/fitcoin/gift-card-offer")).json();
  const listed = async (id: number): Promise<GiftCardOffer> =>
    (await send(sessions.admin, "GET", "/api/admin/gift-card-offers"))
      .json()
      .find((o: GiftCardOffer) => o.id === id);
  const db = () => t().app.ctx.db;

  /** An offer row as an older release could have stored it (no price check, any month). */
  async function legacyOffer(over: Partial<typeof giftCardOffers.$inferInsert>) {
    await signIn();
    const [row] = await db()
      .insert(giftCardOffers)
      .values({
        month: month(),
        brand: "Legacy",
        description: "d",
        value50Cents: 5000,
        fitcoins50: 5000,
        value100Cents: 10000,
        fitcoins100: 10000,
        ...over,
      })
      .returning();
    return row.id;
  }
  const withoutPriceCheck = () =>
    db().execute(sql.raw(`alter table gift_card_offers drop constraint if exists ${PRICE_CHECK}`));
  const clearFlags = () => db().update(giftCardOffers).set({ isActive: false, scheduled: false });

  it("answers 409 to Activate for a future month, pointing to Schedule; Schedule works", async () => {
    const now = await offer({ brand: "Now Co" });
    expect((await act(now, "activate")).statusCode).toBe(200);
    const later = await offer({ brand: "Later Co", month: month(2) });
    const res = await act(later, "activate");
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      code: "CONFLICT",
      message: `This offer is for ${month(2)}: Schedule it to start when its month begins`,
    });
    // Nothing changed: this month's offer is still the one.
    expect(await current()).toMatchObject({ id: now });
    expect(await listed(later)).toMatchObject({ status: "inactive", isActive: false });
    expect((await act(later, "schedule")).json()).toMatchObject({ offer: { status: "scheduled" } });
    expect(await current()).toMatchObject({ id: now });
    // Nor is this month's offer moved to a later month by an edit: it would run on from now.
    const moved = await t().app.inject({
      method: "PUT",
      url: `/api/admin/gift-card-offers/${now}`,
      headers: sessions.admin.headers,
      payload: { month: month(1), brand: "Now Co", description: "Anything at all" },
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().message).toBe(
      "End this offer before moving it to another month, then Schedule it there",
    );
    expect(await current()).toMatchObject({ id: now, month: month() });
    await clearFlags();
  });

  it("offers an offer in its own month only, even one flagged active for a later month", async () => {
    const id = await legacyOffer({ brand: "Early", month: month(1), isActive: true });
    // Not this month's offer, nor shown as active: it waits for its month.
    expect(await current()).toBeNull();
    expect(await listed(id)).toMatchObject({ status: "scheduled", isActive: false });
    t().clock.set(monthStart(1, 1000));
    sessions.member = await loginAs(t().app, await buildUser(t().app));
    expect(await current()).toMatchObject({ id, status: "active" });
    await clearFlags();
  });

  it("never activates, schedules, starts or redeems an offer priced below its card's value", async () => {
    // The clock moves on to the next month's start below: this test starts in the middle of a
    // month, not at the real time (on the 1st of a 31-day month, the next month's start is past the
    // sessions' 30 days, and they had expired). The file's clock comes back after it.
    t().clock.set(new Date("2026-03-14T12:00:00Z"));
    await withoutPriceCheck();
    const cheap = await legacyOffer({ brand: "Cheap", fitcoins50: 4000, isActive: true });
    const { user, session } = await fundedMember(t().app, 60);
    // Redeeming it is refused, and nothing is spent.
    const redeem = await send(session, "POST", "/api/fitcoin/redeem", { giftCardOfferId: cheap, amount: 50 });
    expect(redeem.statusCode, redeem.body).toBe(409);
    expect(redeem.json().message).toBe(
      "This card's FitCoin price is below its value, so it cannot be redeemed until an admin corrects it",
    );
    expect((await userBalances(db(), user.id)).fc).toBe(6000);
    await clearFlags();

    const refused = await act(cheap, "activate");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Correct this offer's price first: $50 FitCoin price must be at least the card's value (50 FitCoins)",
    );
    const future = await legacyOffer({ brand: "Cheap later", month: month(1), fitcoins100: 9999 });
    const notScheduled = await act(future, "schedule");
    expect(notScheduled.statusCode).toBe(409);
    expect(notScheduled.json().message).toMatch(/^Correct this offer's price first: \$100 FitCoin price/);

    // Scheduled before the check existed: the rollover skips it, drops its schedule and says why.
    await db().update(giftCardOffers).set({ scheduled: true }).where(eq(giftCardOffers.id, future));
    const warn = vi.spyOn(t().app.ctx.log, "warn");
    t().clock.set(monthStart(1, 1000));
    expect(await rollOffersOver(t().app.ctx)).toEqual({ started: 0, ended: 0 });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ offerId: future, month: month() }),
      expect.stringContaining("not started: its FitCoin price is below its card's value"),
    );
    warn.mockRestore();
    expect(await listed(future)).toMatchObject({ status: "inactive", scheduled: false });
    // Done once: the next tick has nothing to do.
    expect(await rollOffersOver(t().app.ctx)).toEqual({ started: 0, ended: 0 });
    await expectBooksBalanced(t().app);
  });

  it("the migration raises a legacy price to the value, makes a future 'active' offer scheduled, and adds the CHECK", async () => {
    await withoutPriceCheck();
    await clearFlags();
    const low = await legacyOffer({ brand: "Low", fitcoins50: 4000, fitcoins100: 9950 });
    const fine = await legacyOffer({ brand: "Fine", fitcoins50: 6000, fitcoins100: 12000 });
    const early = await legacyOffer({ brand: "Early", month: month(3), isActive: true });
    const dir = join(process.cwd(), "drizzle");
    const file = readdirSync(dir).find((f) => f.endsWith("_offer_price_covers_value.sql"));
    expect(file).toBeDefined();
    for (const statement of readFileSync(join(dir, file as string), "utf8").split(
      "--> statement-breakpoint",
    )) {
      await db().execute(sql.raw(statement));
    }
    const rows = await db().select().from(giftCardOffers);
    const byId = (id: number) => rows.find((r) => r.id === id);
    expect(byId(low)).toMatchObject({ fitcoins50: 5000, fitcoins100: 10000 });
    expect(byId(fine)).toMatchObject({ fitcoins50: 6000, fitcoins100: 12000 });
    expect(byId(early)).toMatchObject({ isActive: false, scheduled: true });
    await expect(legacyOffer({ brand: "Too cheap", fitcoins100: 9999 })).rejects.toThrow();
  });
});
