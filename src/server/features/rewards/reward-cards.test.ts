// The points gift-card catalogue edited by admins in the app (issue 23, item 6).
import { describe, expect, it } from "vitest";
import type { AdminRewardGiftCard } from "../../../core/schemas/reward-gift-cards";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { callAs, useTestApp } from "../../test/test-app";
import { memberWithPoints } from "./rewards-test-kit";

describe("points gift-card catalogue admin", () => {
  const t = useTestApp();
  const base = "/api/admin/reward-gift-cards";
  let admin: Session;
  let member: Session;

  const send = (
    session: Session | null,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object,
  ) => callAs(t().app, session, method, url, payload);

  async function signIn() {
    admin ??= await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    member ??= await loginAs(t().app, await buildUser(t().app));
  }
  const card = (over: Record<string, unknown> = {}) => ({
    name: "Trail Shop $15 Gift Card",
    brand: "Trail Shop",
    value: "15.00",
    pointCost: 15_000,
    description: "Gear for the long walks.",
    imageUrl: "https://cdn.example.com/trail.png",
    // No `active`: a new card is active by default, and an edit may not carry it.
    sortOrder: 5,
    providerProductId: "OKMHM2X2OHYV",
    ...over,
  });
  const membersCards = async (): Promise<{ id: number; name: string }[]> =>
    (await send(member, "GET", "/api/rewards/gift-cards")).json();
  const entries = async (action: string) =>
    (await send(admin, "GET", `/api/admin/audit-log?action=${action}`)).json().items as {
      targetId: number;
      details: Record<string, unknown>;
    }[];

  it("lists the catalogue with each card's redemptions; creates a card members see at once", async () => {
    await signIn();
    const seeded = (await send(admin, "GET", base)).json() as AdminRewardGiftCard[];
    expect(seeded.length).toBeGreaterThanOrEqual(8);
    expect(seeded[0]).toMatchObject({ value: "5.00", active: true, redemptions: 0, providerProductId: null });

    const res = await send(admin, "POST", base, card());
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as AdminRewardGiftCard;
    expect(created).toMatchObject({ ...card(), redemptions: 0 });
    expect((await membersCards()).map((c) => c.name)).toContain("Trail Shop $15 Gift Card");
    expect((await entries("reward_card.create"))[0]).toMatchObject({
      targetId: created.id,
      details: { name: "Trail Shop $15 Gift Card", value: "15.00", pointCost: 15_000 },
    });

    // An inactive card is the admin's only.
    const hidden = (await send(admin, "POST", base, card({ name: "Hidden", active: false }))).json();
    expect((await membersCards()).map((c) => c.id)).not.toContain(hidden.id);
  });

  it("edits every field; members see the change; saving unchanged writes no audit entry", async () => {
    await signIn();
    const id = (await send(admin, "POST", base, card())).json().id;
    const edited = await send(
      admin,
      "PUT",
      `${base}/${id}`,
      card({
        name: "Trail Shop $20 Gift Card",
        value: 20,
        pointCost: "20000",
        imageUrl: "",
        providerProductId: "",
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: "Trail Shop $20 Gift Card",
      value: "20.00",
      pointCost: 20_000,
      imageUrl: null,
      providerProductId: null,
    });
    const [entry] = await entries("reward_card.edit");
    expect(entry).toMatchObject({
      targetId: id,
      details: {
        changes: {
          name: { from: "Trail Shop $15 Gift Card", to: "Trail Shop $20 Gift Card" },
          value: { from: "15.00", to: "20.00" },
        },
      },
    });
    const count = (await entries("reward_card.edit")).length;
    const again = await send(
      admin,
      "PUT",
      `${base}/${id}`,
      card({
        name: "Trail Shop $20 Gift Card",
        value: "20.00",
        pointCost: 20_000,
        imageUrl: null,
        providerProductId: null,
      }),
    );
    expect(again.statusCode).toBe(200);
    expect(await entries("reward_card.edit")).toHaveLength(count);
  });

  it("deactivates a redeemed card (never deletes it) and deletes one nobody redeemed", async () => {
    await signIn();
    const id = (await send(admin, "POST", base, card({ pointCost: 500, value: "1.00" }))).json().id;
    const walker = await memberWithPoints(t().app, 10_000);
    const redeemed = await send(walker.session, "POST", "/api/rewards/redeem", {
      giftCardId: id,
      deliveryEmail: "walker@example.test",
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);

    const refused = await send(admin, "DELETE", `${base}/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This gift card has been redeemed: deactivate it instead, so its redemptions keep it",
    );
    const off = await send(admin, "POST", `${base}/${id}/deactivate`);
    expect(off.json()).toMatchObject({ id, active: false, redemptions: 1 });
    expect((await membersCards()).map((c) => c.id)).not.toContain(id);
    // Redeeming it now: it is not on offer.
    const late = await send(walker.session, "POST", "/api/rewards/redeem", {
      giftCardId: id,
      deliveryEmail: "walker@example.test",
    });
    expect(late.statusCode).toBe(404);
    // The member's redemption still names it.
    const history = (await send(walker.session, "GET", "/api/rewards/history")).json();
    expect(history[0]).toMatchObject({ giftCardName: "Trail Shop $15 Gift Card" });
    expect((await send(admin, "POST", `${base}/${id}/activate`)).json()).toMatchObject({ active: true });
    expect((await entries("reward_card.deactivate"))[0]).toMatchObject({ targetId: id });
    expect((await entries("reward_card.activate"))[0]).toMatchObject({ targetId: id });

    const spare = (await send(admin, "POST", base, card({ name: "Typo" }))).json().id;
    const deleted = await send(admin, "DELETE", `${base}/${spare}`);
    expect(deleted.statusCode).toBe(200);
    expect((await send(admin, "GET", base)).json().map((c: AdminRewardGiftCard) => c.id)).not.toContain(
      spare,
    );
    expect((await entries("reward_card.delete"))[0]).toMatchObject({
      targetId: spare,
      details: { name: "Typo" },
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["no name", { name: " " }, "name"],
    ["no brand", { brand: "" }, "brand"],
    ["a zero value", { value: "0" }, "value"],
    ["a value over $1,000", { value: "1000.01" }, "value"],
    ["three decimals", { value: "5.001" }, "value"],
    ["a zero point cost", { pointCost: 0 }, "pointCost"],
    ["a fractional point cost", { pointCost: 1.5 }, "pointCost"],
    ["no description", { description: "" }, "description"],
    ["an image that is no URL", { imageUrl: "cat.png" }, "imageUrl"],
    ["a negative sort order", { sortOrder: -1 }, "sortOrder"],
    ["a provider id with spaces", { providerProductId: "bad id" }, "providerProductId"],
    ["active as text", { active: "yes" }, "active"],
  ])("answers 400 for %s, on create and edit", async (_name, over, path) => {
    await signIn();
    const res = await send(admin, "POST", base, card(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    const edit = await send(admin, "PUT", `${base}/1`, card(over));
    expect(edit.statusCode).toBe(400);
  });

  it("answers 401 signed out, 403 to members, 404 for an unknown card, 400 for a bad id", async () => {
    await signIn();
    const calls: [Parameters<typeof send>[1], string, object?][] = [
      ["GET", base],
      ["POST", base, card()],
      ["PUT", `${base}/1`, card()],
      ["POST", `${base}/1/activate`],
      ["POST", `${base}/1/deactivate`],
      ["DELETE", `${base}/1`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await send(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(member, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const [method, url, payload] of calls.slice(2)) {
      const missing = url.replace("/1", "/999999");
      expect((await send(admin, method, missing, payload)).statusCode, `${method} ${missing}`).toBe(404);
      expect((await send(admin, method, url.replace("/1", "/abc"), payload)).statusCode).toBe(400);
    }
  });
});
