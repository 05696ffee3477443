// The points catalogue's edits (review of issue 23, item 6): a PUT names every field, so a field
// left out is refused instead of reset; activation is the activate and deactivate routes' alone, so
// a stale form never undoes another admin's deactivate; a redemption racing the card's delete gets
// an answer (the card's redemption or its 404), never a 500.
import { describe, expect, it } from "vitest";
import type { AdminRewardGiftCard } from "../../../core/schemas/reward-gift-cards";
import { hasOtherConnections, inAnotherTransaction } from "../../test/another-transaction";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { callAs, useTestApp } from "../../test/test-app";
import { memberWithPoints } from "./rewards-test-kit";

describe("points catalogue edits", () => {
  const t = useTestApp();
  const base = "/api/admin/reward-gift-cards";
  let admin: Session;
  let other: Session;

  const send = (
    session: Session | null,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
  ) => callAs(t().app, session, method, url, payload);

  async function signIn() {
    admin ??= await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    other ??= await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
  }
  const fields = {
    name: "Trail Shop $15 Gift Card",
    brand: "Trail Shop",
    value: "15.00",
    pointCost: 15_000,
    description: "Gear for the long walks.",
    imageUrl: "https://cdn.example.com/trail.png",
    sortOrder: 5,
    providerProductId: "OKMHM2X2OHYV",
  };
  async function created(over: Record<string, unknown> = {}): Promise<AdminRewardGiftCard> {
    await signIn();
    const res = await send(admin, "POST", base, { ...fields, ...over });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const stored = async (id: number): Promise<AdminRewardGiftCard> =>
    (await send(admin, "GET", base)).json().find((c: AdminRewardGiftCard) => c.id === id);

  it("refuses a PUT that leaves a field out (400 naming it) instead of resetting the field", async () => {
    const card = await created();
    for (const left of ["providerProductId", "imageUrl", "sortOrder", "description"] as const) {
      const { [left]: _, ...rest } = fields;
      const res = await send(admin, "PUT", `${base}/${card.id}`, rest);
      expect(res.statusCode, left).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path)).toContain(left);
    }
    // Nothing was cleared.
    expect(await stored(card.id)).toMatchObject({
      providerProductId: "OKMHM2X2OHYV",
      imageUrl: fields.imageUrl,
      sortOrder: 5,
    });
    // Clearing is said outright: null (or a blank) for the optional ones.
    const cleared = await send(admin, "PUT", `${base}/${card.id}`, {
      ...fields,
      imageUrl: null,
      providerProductId: "",
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ imageUrl: null, providerProductId: null });
  });

  it("leaves activation to Activate and Deactivate: a stale form never re-activates a card", async () => {
    const card = await created();
    // Admin A opens the form on an active card; admin B deactivates it meanwhile.
    const form = { ...fields, name: "Trail Shop $15 Card" };
    expect((await send(other, "POST", `${base}/${card.id}/deactivate`)).statusCode).toBe(200);
    // A saves: the name changes, the card stays off the members' list.
    const saved = await send(admin, "PUT", `${base}/${card.id}`, form);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: "Trail Shop $15 Card", active: false });
    // An edit that carries `active` is refused, pointing to the actions.
    const carrying = await send(admin, "PUT", `${base}/${card.id}`, { ...form, active: true });
    expect(carrying.statusCode).toBe(400);
    expect(carrying.json().details).toEqual([
      { path: "active", message: "Active is changed with Activate and Deactivate, not by an edit" },
    ]);
    expect(await stored(card.id)).toMatchObject({ active: false });
    // Adding a card may still start it hidden, or (by default) on the members' list.
    expect((await created({ name: "Hidden", active: false })).active).toBe(false);
    expect((await created({ name: "Shown" })).active).toBe(true);
  });

  it("answers a points redemption racing the card's delete with the redemption or a 404, never a 500", async () => {
    const database = t().database;
    const walker = await memberWithPoints(t().app, 10_000);
    const redeem = (id: number) =>
      send(walker.session, "POST", "/api/rewards/redeem", { giftCardId: id, deliveryEmail: "w@example.com" });
    if (!hasOtherConnections(database)) {
      // One connection: the two take turns, and either order answers cleanly.
      const card = await created({ pointCost: 100, value: "1.00" });
      const [r, d] = await Promise.all([redeem(card.id), send(admin, "DELETE", `${base}/${card.id}`)]);
      expect([r.statusCode, d.statusCode].sort()).toEqual(r.statusCode === 200 ? [200, 409] : [200, 404]);
      return;
    }
    const card = await created({ pointCost: 100, value: "1.00" });
    await inAnotherTransaction(database, async (held) => {
      // The redemption reads its card, then waits to write its row; the delete comes meanwhile.
      await held.query("lock table gift_card_redemptions in share mode");
      const redemption = redeem(card.id);
      expect(await held.someoneWaits()).toBe(true);
      const deletion = send(admin, "DELETE", `${base}/${card.id}`);
      // The delete waits for the redemption's hold on the card (with none, it deletes at once).
      const early = await Promise.race([
        deletion.then(() => "done"),
        new Promise((r) => setTimeout(r, 300, "waiting")),
      ]);
      await held.commit();
      const [r, d] = await Promise.all([redemption, deletion]);
      expect(r.statusCode, r.body).toBe(200);
      expect(d.statusCode, d.body).toBe(409);
      expect(early).toBe("waiting");
    });
    expect(await stored(card.id)).toMatchObject({ redemptions: 1 });
  });
});
