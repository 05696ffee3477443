import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  CONTRIBUTION_RANGE,
  CONTRIBUTION_REQUIRED,
  EDIT_ENTRY_PRICE_MESSAGE,
  ENTRY_PRICE_RANGE,
  ENTRY_PRICE_REQUIRED,
  VALID_AMOUNT,
  VALID_EMAIL,
  VALID_ENTRY_PRICE,
} from "../../../core/schemas/groups";
import { emails } from "../../db/schema";
import { buildUser, grantFitcoins, loginAs } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { groupTestKit } from "./group-test-kit";

const DAY = 24 * 3600_000;

describe("groups API: admins, money, leaving and chat", () => {
  const t = useTestApp();
  const { app, member, call, fc, pool, startIn, group, join } = groupTestKit(t);

  it("lets admins edit, set the entry price, re-invite and delete; members get 403", async () => {
    const owner = await member();
    const g = await group(owner.session);
    const joiner = await member();
    await join(g.inviteCode, joiner.session);
    const body = {
      name: "Renamed",
      description: "New",
      poolGoal: "$1,000",
      poolEntryPrice: "25",
      competitionStartDate: null,
      competitionEndDate: null,
    };
    expect((await call("PUT", `/api/groups/${g.id}`, joiner.session, body)).statusCode).toBe(403);
    expect(
      (await call("PATCH", `/api/groups/${g.id}/entry-price`, joiner.session, { entryPrice: "10" }))
        .statusCode,
    ).toBe(403);
    expect((await call("DELETE", `/api/groups/${g.id}`, joiner.session)).statusCode).toBe(403);
    expect((await call("POST", `/api/groups/${g.id}/invite`, joiner.session)).statusCode).toBe(403);
    const edited = await call("PUT", `/api/groups/${g.id}`, owner.session, body);
    expect(edited.json()).toMatchObject({ name: "Renamed", poolGoal: "1000.00", poolEntryPrice: "25.00" });
    const badPrice = await call("PUT", `/api/groups/${g.id}`, owner.session, {
      ...body,
      poolEntryPrice: "4",
    });
    expect(JSON.stringify(badPrice.json())).toContain(EDIT_ENTRY_PRICE_MESSAGE);
    const price = async (entryPrice: unknown, message: string) => {
      const res = await call("PATCH", `/api/groups/${g.id}/entry-price`, owner.session, { entryPrice });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    };
    await price("", ENTRY_PRICE_REQUIRED);
    await price("abc", VALID_ENTRY_PRICE);
    await price("$151.00", ENTRY_PRICE_RANGE);
    const set = await call("PATCH", `/api/groups/${g.id}/entry-price`, owner.session, {
      entryPrice: "$12.50",
    });
    expect(set.json()).toMatchObject({ entryPrice: "12.50" });
    const oldCode = g.inviteCode;
    const fresh = await call("POST", `/api/groups/${g.id}/invite`, owner.session);
    expect(fresh.json().inviteCode).not.toBe(oldCode);
    expect((await app().inject({ url: `/api/groups/info/${oldCode}` })).statusCode).toBe(404);
    const site = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    expect(
      (await call("PUT", `/api/groups/${g.id}`, site, { ...body, name: "By site admin" })).statusCode,
    ).toBe(200);
    expect((await call("PUT", "/api/groups/999999", owner.session, body)).statusCode).toBe(404);
  });

  it("moves the schedule before the start and refuses it after (409)", async () => {
    const owner = await member();
    const g = await group(owner.session, {
      hasScheduledCompetition: true,
      competitionDuration: 7,
      ...startIn(DAY),
    });
    const later = new Date(new Date(g.competitionStartDate).getTime() + DAY);
    const body = (start: Date, days = 7) => ({
      name: g.name,
      description: g.description,
      poolGoal: null,
      poolEntryPrice: "15",
      competitionStartDate: start.toISOString(),
      competitionEndDate: new Date(start.getTime() + days * DAY).toISOString(),
    });
    const moved = await call("PUT", `/api/groups/${g.id}`, owner.session, body(later));
    expect(moved.json().competitionStartDate).toBe(later.toISOString());
    t().clock.set(new Date(later.getTime() + 1000));
    const refused = await call("PUT", `/api/groups/${g.id}`, owner.session, body(later, 8));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("The competition dates cannot change once it has started");
    expect(
      (await call("PUT", `/api/groups/${g.id}`, owner.session, { ...body(later), name: "Kept" })).statusCode,
    ).toBe(200);
  });

  it("takes contributions of 1 to 500 FC from members and lists the latest five", async () => {
    const owner = await member(600);
    const g = await group(owner.session);
    const outsider = await member();
    const give = (amount: unknown, s = owner.session, description?: string) =>
      call("POST", `/api/groups/${g.id}/contribute`, s, { amount, description });
    for (const [amount, message] of [
      ["", CONTRIBUTION_REQUIRED],
      ["ten", VALID_AMOUNT],
      [0.99, CONTRIBUTION_RANGE],
      [500.01, CONTRIBUTION_RANGE],
    ] as const) {
      const res = await give(amount);
      expect(res.statusCode, String(amount)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect((await give(5, outsider.session)).statusCode).toBe(403);
    expect((await call("POST", `/api/groups/${g.id}/contribute`, undefined, { amount: 5 })).statusCode).toBe(
      401,
    );
    for (const amount of [1, 2, 3, 4, 5, 6.5])
      expect((await give(amount, owner.session, `gift ${amount}`)).statusCode).toBe(200);
    expect(await pool(g.id)).toBe(1500 + 2150);
    const list = (await call("GET", `/api/groups/${g.id}/contributions`, owner.session)).json();
    // The owner's 15 FC entry is older than the five latest contributions.
    expect(list.map((c: { amount: string }) => c.amount)).toEqual(["6.50", "5.00", "4.00", "3.00", "2.00"]);
    expect(list[0]).toMatchObject({ description: "gift 6.5", firstName: "Test" });
    expect((await give(500)).statusCode).toBe(200);
    const tooMuch = await give(100);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(await pool(g.id)).toBe(1500 + 2150 + 50000);
  });

  it("lists every entry paid into the pool among its contributions, the creator's first of all", async () => {
    const owner = await member(100, { firstName: "Casey" });
    const g = await group(owner.session);
    const joiner = await member(100, { firstName: "Robin" });
    expect((await join(g.inviteCode, joiner.session)).statusCode).toBe(200);
    expect(
      (
        await call("POST", `/api/groups/${g.id}/contribute`, joiner.session, {
          amount: 7.5,
          description: "Coffee",
        })
      ).statusCode,
    ).toBe(200);
    const list = (await call("GET", `/api/groups/${g.id}/contributions`, joiner.session)).json();
    expect(list).toEqual([
      expect.objectContaining({
        kind: "contribution",
        amount: "7.50",
        description: "Coffee",
        firstName: "Robin",
      }),
      expect.objectContaining({ kind: "entry", amount: "15.00", description: null, firstName: "Robin" }),
      expect.objectContaining({ kind: "entry", amount: "15.00", description: null, firstName: "Casey" }),
    ]);
    // What the list shows adds up to what the pool holds.
    expect(await pool(g.id)).toBe(1500 + 1500 + 750);
  });

  it("refunds a leaver before the start, nothing after; guards the only admin and the last member", async () => {
    const owner = await member();
    const g = await group(owner.session, {
      hasScheduledCompetition: true,
      competitionDuration: 7,
      ...startIn(DAY),
    });
    expect((await call("DELETE", `/api/groups/${g.id}/leave`, owner.session)).json().message).toBe(
      "You are the group's only member: delete the group instead",
    );
    const early = await member(20);
    const late = await member(20);
    await join(g.inviteCode, early.session);
    await join(g.inviteCode, late.session);
    await call("POST", `/api/groups/${g.id}/contribute`, early.session, { amount: 5 });
    const only = await call("DELETE", `/api/groups/${g.id}/leave`, owner.session);
    expect(only.statusCode).toBe(409);
    expect(only.json().message).toBe("You are the only admin: make another member an admin before leaving");
    const left = await call("DELETE", `/api/groups/${g.id}/leave`, early.session);
    expect(left.json().message).toBe("Left the group: 20.00 FitCoins refunded");
    expect(await fc(early.user.id)).toBe(2000);
    t().clock.advance(2 * DAY);
    expect((await call("DELETE", `/api/groups/${g.id}/leave`, late.session)).json().message).toBe(
      "Left the group",
    );
    expect(await fc(late.user.id)).toBe(500);
    const promote = await call("PUT", `/api/groups/${g.id}/members/${early.user.id}/role`, owner.session, {
      role: "admin",
    });
    expect(promote.statusCode).toBe(404);
    expect((await call("DELETE", `/api/groups/${g.id}/leave`, early.session)).statusCode).toBe(409);
  });

  it("hands the admin role on so the only admin can leave", async () => {
    const owner = await member();
    const g = await group(owner.session);
    const heir = await member();
    await join(g.inviteCode, heir.session);
    const url = `/api/groups/${g.id}/members/${heir.user.id}/role`;
    expect((await call("PUT", url, heir.session, { role: "admin" })).statusCode).toBe(403);
    expect((await call("PUT", url, owner.session, { role: "boss" })).statusCode).toBe(400);
    expect((await call("PUT", url, owner.session, { role: "admin" })).statusCode).toBe(200);
    expect((await call("DELETE", `/api/groups/${g.id}/leave`, owner.session)).statusCode).toBe(200);
    const demote = await call("PUT", url, heir.session, { role: "member" });
    expect(demote.statusCode).toBe(409);
  });

  it("refunds every payer when a group is deleted", async () => {
    const owner = await member(30);
    const g = await group(owner.session);
    const other = await member(30);
    await join(g.inviteCode, other.session);
    await call("POST", `/api/groups/${g.id}/contribute`, other.session, { amount: 10 });
    const res = await call("DELETE", `/api/groups/${g.id}`, owner.session);
    expect(res.json()).toEqual({ message: "The group has been successfully deleted" });
    expect(await fc(owner.user.id)).toBe(3000);
    expect(await fc(other.user.id)).toBe(3000);
    expect(await pool(g.id)).toBe(0);
    expect((await call("GET", `/api/groups/${g.id}`, owner.session)).statusCode).toBe(404);
  });

  it("lets members chat and emails an invite link", async () => {
    const owner = await member();
    const g = await group(owner.session, { isPrivate: true });
    const friend = await member(0, { firstName: "Friend" });
    const priced = await call("PATCH", `/api/groups/${g.id}/entry-price`, owner.session, { entryPrice: "5" });
    expect(priced.statusCode).toBe(200);
    await grantFitcoins(app(), friend.user.id, 500);
    await join(g.inviteCode, friend.session);
    const url = `/api/groups/${g.id}/messages`;
    const sent = await call("POST", url, friend.session, { message: "  Hello team  " });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      message: "Hello team",
      userFirstName: "Friend",
      userId: friend.user.id,
    });
    expect((await call("GET", url, owner.session)).json().map((m: { message: string }) => m.message)).toEqual(
      ["Hello team"],
    );
    expect((await call("POST", url, owner.session, { message: "" })).statusCode).toBe(400);
    const invite = await call("POST", `/api/groups/${g.id}/invite-email`, friend.session, {
      email: "pal@example.test",
    });
    expect(invite.statusCode).toBe(200);
    const [mail] = await app()
      .ctx.db.select()
      .from(emails)
      .where(eq(emails.toAddress, "pal@example.test"))
      .orderBy(desc(emails.id));
    expect(mail.subject).toBe("Friend Member invited you to Morning Walkers on StepRace");
    expect(mail.textBody).toContain(`/join/${g.inviteCode}`);
    const bad = await call("POST", `/api/groups/${g.id}/invite-email`, friend.session, { email: "nope" });
    expect(JSON.stringify(bad.json())).toContain(VALID_EMAIL);
  });
});
