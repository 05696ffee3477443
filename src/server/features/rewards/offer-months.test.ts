// Gift Card of the Month offers run by their month (issue 23, item 6): End, Schedule, the month's
// rollover in any number of processes, and FitCoin prices checked against the cards' values.
import { describe, expect, it } from "vitest";
import type { GiftCardOffer } from "../../../core/schemas/rewards";
import { buildUser, fundedMember, loginAs } from "../../test/factories";
import { expectBooksBalanced, useTestApp } from "../../test/test-app";
import { rollOffersOver } from "./offers.service";
import { offerTestKit } from "./offers-test-kit";

describe("gift card offers by their month", () => {
  // The offers are a month's and the clock moves on to the next month's start: the file starts in
  // the middle of a month, not at the real time (on the 1st of a 31-day month, the next month's
  // start is past the sessions' 30 days, and they had expired).
  const t = useTestApp({}, {}, { now: "2026-03-14T12:00:00Z" });
  const { sessions, month, monthStart, send, signIn, offer, act } = offerTestKit(t);
  const current = async (): Promise<GiftCardOffer | null> =>
    (await send(sessions.member, "GET", "/api/fitcoin/gift-card-offer")).json();
  const listed = async (id: number): Promise<GiftCardOffer> =>
    (await send(sessions.admin, "GET", "/api/admin/gift-card-offers"))
      .json()
      .find((o: GiftCardOffer) => o.id === id);

  it("ends the active offer: members then see no offer this month", async () => {
    const id = await offer({ brand: "Target" });
    expect((await act(id, "activate")).statusCode).toBe(200);
    expect(await current()).toMatchObject({ id, status: "active", isActive: true });
    const ended = await act(id, "end");
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({
      message: `Target (${month()}) is no longer offered`,
      offer: { id, isActive: false, status: "inactive" },
    });
    expect(await current()).toBeNull();
    // Ending it again: nothing to end.
    expect((await act(id, "end")).statusCode).toBe(409);
    const { session } = await fundedMember(t().app, 60);
    const redeem = await send(session, "POST", "/api/fitcoin/redeem", { giftCardOfferId: id, amount: 50 });
    expect(redeem.statusCode).toBe(409);
  });

  it("schedules next month's offer; it takes over when the month starts and this month's stops", async () => {
    const now = await offer({ brand: "Now Co" });
    expect((await act(now, "activate")).statusCode).toBe(200);
    const next = await offer({ brand: "Next Co", month: month(1) });
    const scheduled = await act(next, "schedule");
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({
      message: `Next Co becomes the Gift Card of the Month when ${month(1)} starts`,
      offer: { id: next, scheduled: true, isActive: false, status: "scheduled" },
    });
    // Another offer for the same month is refused; so is scheduling a month that has ended.
    const rival = await offer({ brand: "Rival", month: month(1) });
    expect((await act(rival, "schedule")).statusCode).toBe(409);
    const past = await offer({ brand: "Past", month: month(-1) });
    expect((await act(past, "schedule")).statusCode).toBe(409);
    expect((await act(past, "activate")).statusCode).toBe(409);

    // Nothing changes before the month starts.
    await rollOffersOver(t().app.ctx);
    expect(await current()).toMatchObject({ id: now });

    // The last second of the month, then the first of the next.
    t().clock.set(monthStart(1, -1000));
    expect(await current()).toMatchObject({ id: now });
    t().clock.set(monthStart(1, 1000));
    // Before the job runs, last month's offer is already not offered (read-time month check).
    expect(await current()).toBeNull();
    // Two processes at once (on PostgreSQL truly at once, each on its own connection): one does it.
    const turns = await Promise.all([rollOffersOver(t().app.ctx), rollOffersOver(t().app.ctx)]);
    expect(turns.reduce((n, r) => n + r.started, 0)).toBe(1);
    expect(turns.reduce((n, r) => n + r.ended, 0)).toBe(1);
    expect(await current()).toMatchObject({ id: next, brand: "Next Co", isActive: true, status: "active" });
    expect(await listed(now)).toMatchObject({ isActive: false, status: "inactive" });
    expect(await listed(rival)).toMatchObject({ status: "inactive" });
    // A second run, in this or another process, finds nothing left to do.
    expect(await rollOffersOver(t().app.ctx)).toEqual({ started: 0, ended: 0 });
  });

  it("stops offering an offer when its month ends, with nothing scheduled after it", async () => {
    const id = await offer({ brand: "Lonely" });
    expect((await act(id, "activate")).statusCode).toBe(200);
    const { session } = await fundedMember(t().app, 120);
    t().clock.set(monthStart(1, 5000));
    expect(await current()).toBeNull();
    const redeem = await send(session, "POST", "/api/fitcoin/redeem", { giftCardOfferId: id, amount: 50 });
    expect(redeem.statusCode).toBe(409);
    expect(await rollOffersOver(t().app.ctx)).toEqual({ started: 0, ended: 1 });
    expect(await listed(id)).toMatchObject({ isActive: false, status: "inactive" });
    await expectBooksBalanced(t().app);
  });

  it("schedules an offer of the current month by making it the offer at once; End unschedules", async () => {
    const id = await offer({ brand: "Instant" });
    const res = await act(id, "schedule");
    expect(res.json()).toMatchObject({
      message: `Instant (${month()}) is now the Gift Card of the Month`,
      offer: { id, status: "active" },
    });
    const later = await offer({ brand: "Later", month: month(2) });
    expect((await act(later, "schedule")).statusCode).toBe(200);
    expect((await act(later, "end")).json()).toMatchObject({
      offer: { status: "inactive", scheduled: false },
    });
    // Unscheduled: the month comes and nothing starts.
    t().clock.set(monthStart(2, 1000));
    await rollOffersOver(t().app.ctx);
    // Sessions last 30 days: sign in again two months on.
    sessions.member = await loginAs(t().app, await buildUser(t().app));
    expect(await current()).toBeNull();
  });

  it("refuses a FitCoin price below the card's value, naming the field (400), on create and on edit", async () => {
    await signIn();
    const create = (over: Record<string, unknown>) =>
      send(sessions.admin, "POST", "/api/admin/gift-card-offers", {
        month: month(),
        brand: "Cheap",
        description: "d",
        ...over,
      });
    const low50 = await create({ value50: "50", fitcoins50: "49.99" });
    expect(low50.statusCode).toBe(400);
    expect(low50.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [
        { path: "fitcoins50", message: "$50 FitCoin price must be at least the card's value (50 FitCoins)" },
      ],
    });
    // A value above the default price, the price left blank: checked on what the offer would get.
    const low100 = await create({ value100: "120" });
    expect(low100.statusCode).toBe(400);
    expect(low100.json().details).toEqual([
      { path: "fitcoins100", message: "$100 FitCoin price must be at least the card's value (120 FitCoins)" },
    ]);
    expect((await create({ value50: "50", fitcoins50: "50" })).statusCode).toBe(201);
    expect((await create({ value100: "95", fitcoins100: "120.50" })).statusCode).toBe(201);

    const id = await offer({ brand: "Edit Me" });
    const edit = await send(sessions.admin, "PUT", `/api/admin/gift-card-offers/${id}`, {
      month: month(),
      brand: "Edit Me",
      description: "d",
      value50: "55",
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().details[0].path).toBe("fitcoins50");
  });

  it("admin only: 401 signed out, 403 for members, 404 for an unknown offer", async () => {
    const id = await offer();
    for (const action of ["schedule", "end"] as const) {
      expect((await act(id, action, null)).statusCode).toBe(401);
      expect((await act(id, action, sessions.member)).statusCode).toBe(403);
      expect((await act(999_999, action)).statusCode).toBe(404);
      expect(
        (await send(sessions.admin, "POST", `/api/admin/gift-card-offers/abc/${action}`)).statusCode,
      ).toBe(400);
    }
  });
});
