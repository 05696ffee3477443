import { describe, expect, it } from "vitest";
import { buildCompetition, buildUser, DEVICE, fundedMember, loginAs } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

const HOUR = 3600_000;

/** The public preview of a competition invite (issue 24 item 4): no session, nothing private. */
describe("competition invite preview", () => {
  const t = useTestApp();
  const app = () => t().app;
  const preview = (code: string) =>
    app().inject({ url: `/api/competitions/invite/${encodeURIComponent(code)}/preview` });

  it("shows a visitor the name, dates, fee, pool and places left, and nothing private", async () => {
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const c = await buildCompetition(app(), admin, { entryFee: 12.5, maxParticipants: 3 }, 2 * HOUR);
    const entrant = await fundedMember(app(), 20);
    const joined = await app().inject({
      method: "POST",
      url: `/api/competitions/${c.id}/join`,
      headers: entrant.session.headers,
      payload: {},
    });
    expect(joined.statusCode).toBe(200);

    const res = await preview(c.inviteCode);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toContain("public");
    const body = res.json();
    expect(body).toEqual({
      name: "Weekly Walk",
      description: "Walk the most steps this week",
      startDate: expect.any(String),
      endDate: expect.any(String),
      entryDeadline: body.startDate,
      status: "upcoming",
      entryFee: 12.5,
      prizePool: 12.5,
      participantCount: 1,
      maxParticipants: 3,
      placesLeft: 2,
      entriesOpen: true,
    });
    // No ids, invite code, creator or participants.
    for (const secret of ["id", "inviteCode", "createdBy", "leaderboard", String(entrant.user.username)]) {
      expect(res.body).not.toContain(`"${secret}"`);
    }
    // The same answer with or without a session.
    const signedIn = await app().inject({
      url: `/api/competitions/invite/${c.inviteCode}/preview`,
      headers: entrant.session.headers,
    });
    expect(signedIn.json()).toEqual(body);
  });

  it("says when entries are closed or the competition is full", async () => {
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const full = await buildCompetition(app(), admin, { entryFee: null, maxParticipants: 1 });
    const m = await fundedMember(app(), 0);
    await app().inject({
      method: "POST",
      url: `/api/competitions/${full.id}/join`,
      headers: m.session.headers,
      payload: {},
    });
    expect((await preview(full.inviteCode)).json()).toMatchObject({ placesLeft: 0, entriesOpen: false });
    const started = await buildCompetition(app(), admin, { entryFee: null }, HOUR);
    t().clock.set(new Date(app().ctx.clock.now().getTime() + 2 * HOUR));
    expect((await preview(started.inviteCode)).json()).toMatchObject({
      status: "active",
      placesLeft: null,
      entriesOpen: false,
    });
  });

  it("answers 404 for an unknown or deleted competition's code and 400 for a bad one", async () => {
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const c = await buildCompetition(app(), admin, { entryFee: null });
    expect((await preview("NOPE1234")).statusCode).toBe(404);
    expect((await preview("NOPE1234")).json().code).toBe("NOT_FOUND");
    const deleted = await app().inject({
      method: "DELETE",
      url: `/api/admin/competitions/${c.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await preview(c.inviteCode)).statusCode).toBe(404);
    const tooLong = await app().inject({
      url: `/api/competitions/invite/${"A".repeat(65)}/preview`,
      headers: DEVICE,
    });
    expect(tooLong.statusCode).toBe(400);
  });
});
