import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { competitionParticipants, stepFlags, stepSourceDays } from "../../db/schema";
import { buildCompetition, buildUser, fundedMember, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { settleCompetition } from "../competitions/settlement.service";
import { IMPORTED_DAY_REVIEW_STEPS, importSteps } from "./step-imports";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const GRACE = 10 * MINUTE;

/** Issue 33: imported steps go through the phone's accounting, and overlapping sources count once. */
describe("imported steps", () => {
  // 10:00 UTC, a Wednesday: every test's quarter hours lie inside the member's (UTC) day.
  const t = useTestApp({}, {}, { now: new Date("2026-11-25T10:00:00Z") });
  const app = () => t().app;
  const clock = () => t().clock;
  const at = (iso: string) => new Date(`2026-11-25T${iso}:00Z`);

  /** A member in UTC, signed up at 06:00 (their phone's steps are vouched for from then). */
  async function member() {
    clock().set(at("06:00"));
    const { user, session } = await fundedMember(app(), 0, { timeZone: "UTC" });
    return { id: user.id, session };
  }
  /** A phone sync of `steps` recorded at `when` (the clock moved there first). */
  async function phone(s: Session, steps: number, when: Date, batchId = randomUUID()) {
    clock().set(when);
    const res = await app().inject({
      method: "POST",
      url: "/api/steps",
      headers: s.headers,
      payload: { steps, timestamp: when.toISOString(), batchId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().stepData.totalSteps as number;
  }
  const watch = (
    userId: number,
    intervals: { start: Date; minutes: number; steps: number }[],
    now?: Date,
  ) => {
    if (now) clock().set(now);
    return importSteps(app().ctx, userId, "withings", {
      intervals: intervals.map((i) => ({
        start: i.start,
        end: new Date(i.start.getTime() + i.minutes * MINUTE),
        steps: i.steps,
      })),
      dayTotals: [],
    });
  };
  const dayTotal = (userId: number, date: string, steps: number) =>
    importSteps(app().ctx, userId, "withings", { intervals: [], dayTotals: [{ date, steps }] });
  const today = async (s: Session) =>
    (await app().inject({ url: "/api/steps/today", headers: s.headers })).json().steps as number;
  const bySource = async (userId: number) =>
    Object.fromEntries(
      (
        await app()
          .ctx.db.select()
          .from(stepSourceDays)
          .where(and(eq(stepSourceDays.userId, userId), eq(stepSourceDays.localDate, "2026-11-25")))
      ).map((r) => [r.source, Math.max(r.steps, r.dayTotal ?? 0)]),
    );

  it("counts a watch's intervals in the day total, and importing them again counts nothing", async () => {
    const m = await member();
    const walk = [
      { start: at("08:00"), minutes: 10, steps: 900 },
      { start: at("08:20"), minutes: 5, steps: 400 },
    ];
    expect(await watch(m.id, walk, at("10:00"))).toEqual({ counted: 1300, refused: 0, tooOld: 0 });
    expect(await today(m.session)).toBe(1300);
    expect(await watch(m.id, walk)).toEqual({ counted: 0, refused: 0, tooOld: 0 });
    expect(await today(m.session)).toBe(1300);
  });

  it("counts the larger of phone and watch in a quarter hour the two both counted, never the sum", async () => {
    const m = await member();
    // The phone first: 300 steps in the 09:00 quarter; the watch then says 500 for it.
    expect(await phone(m.session, 300, at("09:05"))).toBe(300);
    expect((await watch(m.id, [{ start: at("09:01"), minutes: 10, steps: 500 }], at("09:30"))).counted).toBe(
      200,
    );
    expect(await today(m.session)).toBe(500);
    // The phone again in the same quarter: 300 + 250 = 550 beats the watch's 500 by 50.
    expect(await phone(m.session, 250, at("09:12"))).toBe(550);
    // The watch first elsewhere: 700 in the 09:30 quarter; the phone's 400 there adds nothing.
    expect((await watch(m.id, [{ start: at("09:31"), minutes: 10, steps: 700 }], at("09:50"))).counted).toBe(
      700,
    );
    expect(await phone(m.session, 400, at("09:44"))).toBe(1250);
    // Quarters only one source counted add up.
    expect(await phone(m.session, 100, at("10:20"))).toBe(1350);
    expect(await bySource(m.id)).toEqual({ phone: 1050, withings: 1200 });
    // The member's history and the admin's member page say where each day's steps came from.
    const history = await app().inject({ url: "/api/steps/history?days=7", headers: m.session.headers });
    expect(history.json().at(-1)).toEqual({
      date: "2026-11-25",
      steps: 1350,
      sources: [
        { source: "phone", steps: 1050 },
        { source: "withings", steps: 1200 },
      ],
    });
    expect(history.json()[0]).toEqual({ date: "2026-11-19", steps: 0, sources: [] });
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const page = await app().inject({ url: `/api/admin/users/${m.id}`, headers: admin.headers });
    expect(page.json().stepSources.days).toEqual([
      {
        date: "2026-11-25",
        steps: 1350,
        sources: [
          { source: "phone", steps: 1050 },
          { source: "withings", steps: 1200 },
        ],
      },
    ]);
  });

  it("keeps a phone-only member's history as it was, without sources", async () => {
    const m = await member();
    await phone(m.session, 500, at("09:05"));
    const history = await app().inject({ url: "/api/steps/history?days=7", headers: m.session.headers });
    expect(history.json().at(-1)).toEqual({ date: "2026-11-25", steps: 500 });
  });

  it("shares an interval over the quarter hours it covers before comparing it with the phone", async () => {
    const m = await member();
    await phone(m.session, 600, at("09:12"));
    // 900 steps from 08:50 to 09:20: 300 before 09:00, 450 in the 09:00 quarter, 150 after 09:15.
    expect((await watch(m.id, [{ start: at("08:50"), minutes: 30, steps: 900 }], at("09:30"))).counted).toBe(
      450,
    );
    expect(await today(m.session)).toBe(300 + 600 + 150);
  });

  it("shares a phone batch walked across a quarter hour's end with the quarter it began in", async () => {
    const m = await member();
    await watch(
      m.id,
      [
        { start: at("10:10"), minutes: 5, steps: 500 },
        { start: at("10:15"), minutes: 5, steps: 500 },
      ],
      at("10:30"),
    );
    // The phone's batches of the same walk: 10:10 to 10:15 (sent at 10:15), then to 10:20.
    expect(await phone(m.session, 500, at("10:15"))).toBe(1000);
    expect(await phone(m.session, 500, at("10:20"))).toBe(1000);
  });

  it("refuses a source's quarter hour past the cadence bound, and a day total past it", async () => {
    const m = await member();
    clock().set(at("10:00"));
    // Two intervals over the same ten minutes, each plausible alone: 4,800 steps in 600 s is not.
    const result = await watch(m.id, [
      { start: at("09:00"), minutes: 10, steps: 2400 },
      { start: at("09:00"), minutes: 10, steps: 2400 },
    ]);
    expect(result).toMatchObject({ counted: 0, refused: 1 });
    expect((await dayTotal(m.id, "2026-11-24", 4 * 86_400 + 1)).refused).toBe(1);
    expect(await today(m.session)).toBe(0);
  });

  it("records a refused interval once, and does not reopen a reviewed flag, when read again", async () => {
    const m = await member();
    clock().set(at("10:00"));
    const fast = [{ start: at("08:00"), minutes: 1, steps: 241 }];
    for (let i = 0; i < 3; i++) expect((await watch(m.id, fast)).refused).toBe(1);
    const [{ n }] = await queryRows<{ n: number }>(
      app().ctx.db,
      sql`select count(*)::int as n from step_refusals where user_id = ${m.id}`,
    );
    expect(n).toBe(1);
    expect(await app().ctx.db.select().from(stepFlags).where(eq(stepFlags.userId, m.id))).toEqual([]);
    // A busy day flagged, then cleared by an admin: importing the same day again leaves it cleared.
    await dayTotal(m.id, "2026-11-24", IMPORTED_DAY_REVIEW_STEPS + 10);
    await app()
      .ctx.db.update(stepFlags)
      .set({ reviewedAt: at("10:00") })
      .where(eq(stepFlags.userId, m.id));
    await dayTotal(m.id, "2026-11-24", IMPORTED_DAY_REVIEW_STEPS + 20);
    const [flag] = await app().ctx.db.select().from(stepFlags).where(eq(stepFlags.userId, m.id));
    expect(flag.reviewedAt).not.toBeNull();
  });

  it("answers a phone batch retried after the watch as counted once", async () => {
    const m = await member();
    await watch(m.id, [{ start: at("09:00"), minutes: 10, steps: 500 }], at("09:20"));
    const batchId = randomUUID();
    expect(await phone(m.session, 800, at("09:14"), batchId)).toBe(800);
    expect(await phone(m.session, 800, at("09:14"), batchId)).toBe(800);
    expect(await today(m.session)).toBe(800);
  });

  it("counts a day total without intervals only where it is larger than the day's quarters", async () => {
    const m = await member();
    await phone(m.session, 3000, at("07:30"));
    clock().set(at("10:00"));
    expect((await dayTotal(m.id, "2026-11-25", 8000)).counted).toBe(5000);
    expect(await today(m.session)).toBe(8000);
    // The phone's next 1,000 (4,000 in all) stay inside the watch's 8,000; 6,000 more go past it.
    expect(await phone(m.session, 1000, at("10:05"))).toBe(8000);
    expect(await phone(m.session, 2500, at("11:00"))).toBe(8000);
    expect(await phone(m.session, 3500, at("12:00"))).toBe(10_000);
    // A lower day total later (a vendor's revision) takes nothing back.
    expect((await dayTotal(m.id, "2026-11-25", 7000)).counted).toBe(0);
    expect(await today(m.session)).toBe(10_000);
  });

  it("refuses intervals above 4 steps a second and flags the account at the third", async () => {
    const m = await member();
    clock().set(at("10:00"));
    const fast = (start: string) => ({ start: at(start), minutes: 1, steps: 241 });
    const result = await watch(m.id, [
      fast("08:00"),
      { start: at("08:30"), minutes: 1, steps: 240 },
      fast("09:00"),
      fast("09:30"),
    ]);
    expect(result).toEqual({ counted: 240, refused: 3, tooOld: 0 });
    expect(await today(m.session)).toBe(240);
    const [flag] = await app().ctx.db.select().from(stepFlags).where(eq(stepFlags.userId, m.id));
    expect(flag?.reason).toBe("3 implausible step syncs within 24 hours");
  });

  it("flags a day the watch reports above the review cap, and still counts it", async () => {
    const m = await member();
    clock().set(at("10:00"));
    expect((await dayTotal(m.id, "2026-11-24", IMPORTED_DAY_REVIEW_STEPS + 500)).counted).toBe(60_500);
    const [flag] = await app().ctx.db.select().from(stepFlags).where(eq(stepFlags.userId, m.id));
    expect(flag?.reason).toBe("withings reported 60,500 steps on 2026-11-24");
  });

  it("does not count what is older than the kept batches", async () => {
    const m = await member();
    clock().set(at("10:00"));
    const old = new Date(at("10:00").getTime() - 15 * 24 * HOUR);
    expect(await watch(m.id, [{ start: old, minutes: 10, steps: 500 }])).toEqual({
      counted: 0,
      refused: 0,
      tooOld: 1,
    });
  });

  describe("in a competition", () => {
    const standing = async (competitionId: number, userId: number) => {
      const [row] = await app()
        .ctx.db.select({ steps: competitionParticipants.steps })
        .from(competitionParticipants)
        .where(
          and(
            eq(competitionParticipants.competitionId, competitionId),
            eq(competitionParticipants.userId, userId),
          ),
        );
      return row.steps;
    };

    /** A free competition from 09:00 to 11:00 today, joined by a new member before it starts. */
    async function joined() {
      clock().set(at("08:00"));
      const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
      const c = await buildCompetition(app(), admin, { entryFee: null }, HOUR, 2 / 24);
      const m = await member();
      const res = await app().inject({
        method: "POST",
        url: `/api/competitions/${c.id}/join`,
        headers: m.session.headers,
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      return { c, m };
    }

    it("counts only intervals that lie wholly inside its window, once with the phone's", async () => {
      const { c, m } = await joined();
      await phone(m.session, 200, at("09:20"));
      await watch(
        m.id,
        [
          // Crosses the start: its half before (08:55-09:00) counts for the day only.
          { start: at("08:55"), minutes: 10, steps: 600 },
          { start: at("09:15"), minutes: 10, steps: 500 }, // with the phone's 200: 500 in all
          { start: at("10:55"), minutes: 5, steps: 100 }, // ends at the end: inside
        ],
        at("11:02"),
      );
      expect(await standing(c.id, m.id)).toBe(300 + 500 + 100);
      expect(await today(m.session)).toBe(1200);
      // Inside the grace period, a late import still counts.
      await watch(m.id, [{ start: at("10:30"), minutes: 10, steps: 300 }], at("11:05"));
      expect(await standing(c.id, m.id)).toBe(1200);
    });

    it("counts a day total only for a competition that holds the whole day", async () => {
      const { c, m } = await joined();
      clock().set(at("10:30"));
      await dayTotal(m.id, "2026-11-25", 5000);
      expect(await standing(c.id, m.id)).toBe(0);
      expect(await today(m.session)).toBe(5000);
    });

    it("changes nothing once the competition has settled", async () => {
      const { c, m } = await joined();
      await watch(m.id, [{ start: at("09:30"), minutes: 10, steps: 500 }], at("10:00"));
      clock().set(new Date(at("11:00").getTime() + GRACE + MINUTE));
      expect(await settleCompetition(app().ctx, c.id)).toBe("settled");
      await watch(m.id, [{ start: at("10:00"), minutes: 10, steps: 700 }]);
      expect(await standing(c.id, m.id)).toBe(500);
      expect(await today(m.session)).toBe(1200);
    });
  });

  it("keeps phone and watch counted once when they arrive at the same time", async () => {
    const m = await member();
    clock().set(at("10:00"));
    // Ten rounds, each a quarter hour of its own: the phone's 300 (walked in the 5 minutes before
    // its time, inside the quarter hour) and the watch's 500 at once.
    for (let i = 0; i < 10; i++) {
      const start = new Date(at("07:00").getTime() + i * 15 * MINUTE);
      const [synced] = await Promise.all([
        app().inject({
          method: "POST",
          url: "/api/steps",
          headers: m.session.headers,
          payload: {
            steps: 300,
            timestamp: new Date(start.getTime() + 6 * MINUTE).toISOString(),
            batchId: randomUUID(),
          },
        }),
        watch(m.id, [{ start, minutes: 10, steps: 500 }]),
      ]);
      expect(synced.statusCode, synced.body).toBe(200);
    }
    expect(await today(m.session)).toBe(5000);
    const [row] = await queryRows<{ steps: number }>(
      app().ctx.db,
      sql`select coalesce(sum(steps), 0)::int as steps from step_batches where user_id = ${m.id}`,
    );
    expect(row.steps).toBe(5000);
  });
});
