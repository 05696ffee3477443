import { describe, expect, it } from "vitest";
import {
  ENTRY_FEE_MESSAGE,
  MISSING_INFORMATION,
  NON_REFUNDABLE_MESSAGE,
} from "../../../core/schemas/competitions";
import { userBalances } from "../../ledger/accounts";
import {
  buildCompetition,
  buildUser,
  competitionBody,
  DEVICE,
  grantFitcoins,
  loginAs,
  type Session,
} from "../../test/factories";
import { useTestApp } from "../../test/test-app";

const HOUR = 3600_000;

describe("competitions API", () => {
  const t = useTestApp();
  const app = () => t().app;

  const admin = async () => loginAs(app(), await buildUser(app(), { isAdmin: true }));
  async function member(fitcoins = 0, over: Parameters<typeof buildUser>[1] = {}) {
    const user = await buildUser(app(), over);
    if (fitcoins > 0) await grantFitcoins(app(), user.id, fitcoins * 100);
    return { user, session: await loginAs(app(), user) };
  }
  const get = (url: string, s?: Session) => app().inject({ url, headers: s?.headers ?? DEVICE });
  const send = (method: "POST" | "PUT" | "DELETE", url: string, s?: Session, payload?: object) =>
    app().inject({ method, url, headers: s?.headers ?? DEVICE, payload });
  const join = (id: number, s: Session) =>
    send("POST", `/api/competitions/${id}/join`, s, { deviceFingerprint: s.fingerprint });
  const fc = async (userId: number) => (await userBalances(app().ctx.db, userId)).fc;

  describe("create", () => {
    it("lets a site admin create one and answers every field", async () => {
      const a = await admin();
      const body = competitionBody(
        app(),
        { entryFee: "$1,2.50", maxParticipants: 20, entryDeadlineHours: 6 },
        24 * HOUR,
      );
      const res = await send("POST", "/api/admin/competitions", a, body);
      expect(res.statusCode).toBe(201);
      const c = res.json();
      expect(c).toMatchObject({
        name: "Weekly Walk",
        entryFee: 12.5,
        prizePool: 0,
        participantCount: 0,
        maxParticipants: 20,
        startDate: body.startDate,
        endDate: body.endDate,
        entryDeadline: new Date(new Date(body.startDate).getTime() - 6 * HOUR).toISOString(),
        entryDeadlineHours: 6,
        status: "upcoming",
        isParticipant: false,
        canJoin: true,
        leaderboard: [],
        userRank: null,
        settlement: "open",
      });
      expect(c.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
      const invite = await get(`/api/competitions/invite/${c.inviteCode}`, a);
      expect(invite.json().id).toBe(c.id);
      expect((await get("/api/competitions/invite/NOPE1234", a)).statusCode).toBe(404);
    });

    it("refuses bad input with 400 and the specification's messages", async () => {
      const a = await admin();
      const bad = async (over: Record<string, unknown>, message: string, startIn = HOUR) => {
        const res = await send("POST", "/api/admin/competitions", a, competitionBody(app(), over, startIn));
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(JSON.stringify(res.json())).toContain(message);
      };
      await bad({ name: "  " }, MISSING_INFORMATION);
      await bad({ description: "" }, MISSING_INFORMATION);
      await bad({ startDate: "tomorrow" }, MISSING_INFORMATION);
      await bad({ entryFee: 4.99 }, ENTRY_FEE_MESSAGE);
      await bad({ entryFee: "150.01" }, ENTRY_FEE_MESSAGE);
      await bad({ entryFee: "ten" }, ENTRY_FEE_MESSAGE);
      await bad({ maxParticipants: 0 }, "at least 1");
      await bad({ maxParticipants: 2.5 }, "whole number");
      await bad({ entryDeadlineHours: 3 }, "Entry deadline must be a valid option");
      await bad(
        { endDate: new Date(app().ctx.clock.now().getTime()).toISOString() },
        "The end must be after the start",
      );
      await bad({}, "The start must be in the future", -HOUR);
      const free = await send("POST", "/api/admin/competitions", a, competitionBody(app(), { entryFee: "" }));
      expect(free.json()).toMatchObject({ entryFee: null });
      const edge = await send(
        "POST",
        "/api/admin/competitions",
        a,
        competitionBody(app(), { entryFee: 150 }),
      );
      expect(edge.json()).toMatchObject({ entryFee: 150 });
    });

    it("answers 401 without a session and 403 to members", async () => {
      const body = competitionBody(app());
      expect((await send("POST", "/api/admin/competitions", undefined, body)).statusCode).toBe(401);
      const { session } = await member();
      const res = await send("POST", "/api/admin/competitions", session, body);
      expect(res.statusCode).toBe(403);
    });
  });

  describe("join and leave", () => {
    it("charges the fee into the pool, ranks the member and refunds on leaving before the start", async () => {
      const a = await admin();
      const c = await buildCompetition(app(), a, { entryFee: 10 });
      const { user, session } = await member(25);
      const joined = await join(c.id, session);
      expect(joined.statusCode).toBe(200);
      expect(joined.json()).toMatchObject({
        isParticipant: true,
        participantCount: 1,
        prizePool: 10,
        canJoin: false,
      });
      expect(joined.json().userRank).toEqual({ position: 1, steps: 0 });
      expect(await fc(user.id)).toBe(1500);
      // The list every member polls shows the join at once (the shared board is rebuilt).
      const polled = (await get("/api/competitions", session)).json() as { id: number; prizePool: number }[];
      expect(polled.find((x) => x.id === c.id)).toMatchObject({ prizePool: 10, participantCount: 1 });
      const again = await join(c.id, session);
      expect(again.statusCode).toBe(409);
      expect(await fc(user.id)).toBe(1500);

      const left = await send("DELETE", `/api/competitions/${c.id}/leave`, session);
      expect(left.statusCode).toBe(200);
      expect(left.json().message).toContain("10.00 FitCoins refunded");
      expect(await fc(user.id)).toBe(2500);
      const list = (await get("/api/competitions", session)).json() as { id: number; prizePool: number }[];
      expect(list.find((x) => x.id === c.id)).toMatchObject({
        prizePool: 0,
        participantCount: 0,
        isParticipant: false,
      });
      expect((await send("DELETE", `/api/competitions/${c.id}/leave`, session)).statusCode).toBe(409);
    });

    it("answers 422 with nothing changed when the member's FitCoins do not cover the fee", async () => {
      const a = await admin();
      const c = await buildCompetition(app(), a, { entryFee: 20 });
      const { user, session } = await member(19);
      const res = await join(c.id, session);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
      expect(res.json().message).toContain("20.00");
      expect(await fc(user.id)).toBe(1900);
      const detail = (await get(`/api/competitions/${c.id}`, session)).json();
      expect(detail).toMatchObject({ participantCount: 0, prizePool: 0, isParticipant: false });
    });

    it("answers 403 SUBSCRIPTION_REQUIRED, 401, 404 and 400 where they apply", async () => {
      const a = await admin();
      const c = await buildCompetition(app(), a);
      const { session } = await member(50, { subscribed: false });
      const res = await join(c.id, session);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: "SUBSCRIPTION_REQUIRED",
        message: "Active subscription required",
      });
      expect((await send("POST", `/api/competitions/${c.id}/join`, undefined, {})).statusCode).toBe(401);
      const { session: s2 } = await member(50);
      expect((await join(999999, s2)).statusCode).toBe(404);
      expect((await join(Number.NaN, s2)).statusCode).toBe(400);
      expect((await get("/api/competitions/abc", s2)).statusCode).toBe(400);
      expect((await get("/api/competitions/999999", s2)).statusCode).toBe(404);
      expect((await get("/api/competitions", undefined)).statusCode).toBe(401);
    });

    it("closes entries at the cutoff (409), stays open with -1, and answers 410 once ended", async () => {
      const a = await admin();
      const cutoff = await buildCompetition(app(), a, { entryFee: null, entryDeadlineHours: 6 }, 5 * HOUR);
      const atStart = await buildCompetition(app(), a, { entryFee: null }, HOUR, 1);
      const always = await buildCompetition(app(), a, { entryFee: null, entryDeadlineHours: -1 }, HOUR, 1);
      const { session } = await member();
      const closed = await join(cutoff.id, session);
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe("Entries for this competition have closed");
      t().clock.advance(2 * HOUR);
      expect((await join(atStart.id, session)).statusCode).toBe(409);
      expect((await join(always.id, session)).statusCode).toBe(200);
      t().clock.advance(2 * 24 * HOUR);
      const ended = await join(atStart.id, session);
      expect(ended.statusCode).toBe(410);
      expect(ended.json().code).toBe("COMPETITION_ENDED");
    });

    it("refuses a full competition and leaving after the start with the DESIGN text", async () => {
      const a = await admin();
      const c = await buildCompetition(app(), a, { entryFee: 5, maxParticipants: 1 }, HOUR);
      const first = await member(5);
      const second = await member(5);
      expect((await join(c.id, first.session)).statusCode).toBe(200);
      const full = await join(c.id, second.session);
      expect(full.statusCode).toBe(409);
      expect(full.json().message).toBe("This competition is full");
      t().clock.advance(2 * HOUR);
      const late = await send("DELETE", `/api/competitions/${c.id}/leave`, first.session);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(NON_REFUNDABLE_MESSAGE);
      expect(await fc(first.user.id)).toBe(0);
    });
  });

  describe("edit and delete", () => {
    it("lets the creator edit, refuses a fee change after a join and a window change after the start", async () => {
      const a = await admin();
      const c = await buildCompetition(app(), a, { entryFee: 5 }, HOUR);
      const body = competitionBody(app(), { entryFee: 5, name: "Renamed" }, HOUR);
      const edited = await send("PUT", `/api/competitions/${c.id}`, a, body);
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ name: "Renamed" });
      const { session } = await member(5);
      await join(c.id, session);
      const second = await member(5);
      await join(c.id, second.session);
      const below = await send("PUT", `/api/competitions/${c.id}`, a, { ...body, maxParticipants: 1 });
      expect(below.statusCode).toBe(409);
      expect(below.json().message).toBe("Maximum participants cannot be below the 2 who have joined");
      const fee = await send("PUT", `/api/competitions/${c.id}`, a, { ...body, entryFee: 6 });
      expect(fee.statusCode).toBe(409);
      expect(fee.json().message).toBe("The entry fee cannot change once a member has joined");
      t().clock.advance(2 * HOUR);
      const later = { ...body, endDate: new Date(new Date(body.endDate).getTime() + HOUR).toISOString() };
      const window = await send("PUT", `/api/competitions/${c.id}`, a, later);
      expect(window.statusCode).toBe(409);
      expect(window.json().message).toBe("The dates cannot change once the competition has started");
      expect((await send("PUT", `/api/competitions/${c.id}`, a, { ...body, name: "" })).statusCode).toBe(400);
      const fewer = await send("PUT", `/api/competitions/${c.id}`, a, { ...body, maxParticipants: 0 });
      expect(fewer.statusCode).toBe(400);
    });

    it("answers 403 to a member who is not the creator, and 404 for unknown ones", async () => {
      const a = await admin();
      const c = await buildCompetition(app(), a);
      const { session } = await member();
      const body = competitionBody(app());
      expect((await send("PUT", `/api/competitions/${c.id}`, session, body)).statusCode).toBe(403);
      expect((await send("DELETE", `/api/admin/competitions/${c.id}`, session)).statusCode).toBe(403);
      expect((await send("PUT", "/api/competitions/999999", a, body)).statusCode).toBe(404);
      expect((await send("DELETE", "/api/admin/competitions/999999", a)).statusCode).toBe(404);
      expect((await send("DELETE", `/api/admin/competitions/${c.id}`)).statusCode).toBe(401);
    });

    it("refunds every entry fee when a competition is deleted, and hides it", async () => {
      const a = await admin();
      const c = await buildCompetition(app(), a, { entryFee: 7.5 });
      const players = [await member(10), await member(10)];
      for (const p of players) expect((await join(c.id, p.session)).statusCode).toBe(200);
      const res = await send("DELETE", `/api/admin/competitions/${c.id}`, a);
      expect(res.json()).toEqual({ message: "Competition deleted", refunded: "15.00" });
      for (const p of players) expect(await fc(p.user.id)).toBe(1000);
      expect((await get(`/api/competitions/${c.id}`, a)).statusCode).toBe(404);
      expect((await send("DELETE", `/api/admin/competitions/${c.id}`, a)).statusCode).toBe(404);
    });
  });

  describe("chat", () => {
    it("is for participants and site admins; messages are trimmed, 1 to 1000 characters", async () => {
      const a = await admin();
      const c = await buildCompetition(app(), a, { entryFee: null });
      const one = await member();
      const two = await member(0, { firstName: "Second" });
      const outsider = await member();
      await join(c.id, one.session);
      await join(c.id, two.session);
      const url = `/api/competitions/${c.id}/messages`;
      const posted = await send("POST", url, one.session, { message: "  Let's go!  " });
      expect(posted.statusCode).toBe(201);
      expect(posted.json()).toMatchObject({ message: "Let's go!", userId: one.user.id, firstName: "Test" });
      await send("POST", url, a, { message: "Good luck, everyone" });
      const seen = await get(url, two.session);
      expect(seen.json().map((m: { message: string }) => m.message)).toEqual([
        "Let's go!",
        "Good luck, everyone",
      ]);
      expect((await send("POST", url, one.session, { message: "   " })).statusCode).toBe(400);
      expect((await send("POST", url, one.session, { message: "x".repeat(1001) })).statusCode).toBe(400);
      expect((await send("POST", url, one.session, { message: "x".repeat(1000) })).statusCode).toBe(201);
      expect((await get(url, outsider.session)).statusCode).toBe(403);
      expect((await send("POST", url, outsider.session, { message: "hi" })).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(401);
      expect((await get("/api/competitions/999999/messages", a)).statusCode).toBe(404);
    });

    it("answers the newest 100, oldest first", async () => {
      const a = await admin();
      const c = await buildCompetition(app(), a, { entryFee: null });
      const url = `/api/competitions/${c.id}/messages`;
      for (let i = 1; i <= 105; i++) await send("POST", url, a, { message: `m${i}` });
      const list = (await get(url, a)).json() as { message: string }[];
      expect(list.length).toBe(100);
      expect(list[0].message).toBe("m6");
      expect(list[99].message).toBe("m105");
    });
  });
});
