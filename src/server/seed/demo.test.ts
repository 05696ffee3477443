import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../db/client";
import { runJobsOnce } from "../jobs/scheduler";
import { DEVICE } from "../test/factories";
import { useTestApp } from "../test/test-app";
import { seedDemoData } from "./demo";

/**
 * Seeded now, and at four hours of a UTC day: each day's walk lies in the member's own daytime, so
 * day totals and streaks do not depend on the hour the app first starts (seeded just after
 * midnight in New York, Sofia's 17-day run once read as 0).
 */
const hours = [null, 0, 6, 12, 18];
describe.each(hours)("demo data (seeded at %s h UTC, null: now)", (hour) => {
  const t = useTestApp();

  it("creates members in every access state, which the jobs leave as they are", async () => {
    if (hour !== null) {
      const at = new Date(t().clock.now());
      at.setUTCHours(hour, 30, 0, 0);
      t().clock.set(at);
    }
    const seeded = await seedDemoData(t().app.ctx);
    expect(seeded).not.toBeNull();
    await runJobsOnce(t().app.ctx);
    const login = async (username: string, password: string) => {
      const res = await t().app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: DEVICE,
        payload: { username, password },
      });
      expect(res.statusCode).toBe(200);
      return { user: res.json(), cookie: String(res.headers["set-cookie"]).split(";")[0] };
    };
    const state = async (username: string, password: string) => {
      const { user: u } = await login(username, password);
      return { status: u.subscriptionStatus, rules: u.rulesAccepted, admin: u.isAdmin };
    };
    const money = async (username: string) => {
      const { user: u } = await login(username, seeded?.memberPassword as string);
      return { balance: u.balance, fitcoins: u.fitcoins };
    };
    const pw = seeded?.memberPassword as string;
    expect(await state("admin", seeded?.adminPassword as string)).toEqual({
      status: "active",
      rules: true,
      admin: true,
    });
    expect(await state("alex", pw)).toEqual({ status: "active", rules: true, admin: false });
    expect(await state("jordan", pw)).toEqual({ status: "active", rules: false, admin: false });
    expect(await state("sam", pw)).toEqual({ status: "expired", rules: true, admin: false });
    expect(await state("newbie", pw)).toEqual({ status: "inactive", rules: false, admin: false });
    // Wallets made by real card payments and a conversion: $50 in, $40 converted (34 FC); $25 in,
    // $40 of coins (34 FC). Then two competition fees of 5, three group entries of 5 (and Alex's 2 FC
    // contribution), and two settled pools of 10 FC: Maya walked more (60%), Alex second (40%).
    expect(await money("alex")).toEqual({ balance: "10.00", fitcoins: 34 - 10 - 15 - 2 + 4 + 4 });
    expect(await money("maya")).toEqual({ balance: "25.00", fitcoins: 34 - 10 - 15 + 6 + 6 });
    expect(await money("jordan")).toEqual({ balance: "0.00", fitcoins: 0 });
    // A week of walking for the active members, stored as synced batches.
    const stepsIn30Days = async (username: string) => {
      const { cookie } = await login(username, pw);
      const history = await t().app.inject({
        url: "/api/steps/history?days=30",
        headers: { ...DEVICE, cookie },
      });
      return (history.json() as Array<{ steps: number }>).reduce((sum, d) => sum + d.steps, 0);
    };
    expect(await stepsIn30Days("maya")).toBe(11200 + 9650 + 13020 + 7400 + 10880 + 12310 + 4460);
    expect(await stepsIn30Days("jordan")).toBe(0);
    // Nothing for reconciliation to find: every demo payment is booked.
    const { cookie } = await login("admin", seeded?.adminPassword as string);
    const reconcile = await t().app.inject({
      method: "POST",
      url: "/api/admin/global-reconcile",
      headers: { ...DEVICE, cookie },
    });
    expect(reconcile.json()).toMatchObject({ usersScanned: 7, totalMissingDeposits: 0 });
    // Competitions in every state, the running ones counting the demo walking.
    const list = await t().app.inject({
      url: "/api/competitions",
      headers: { ...DEVICE, cookie: (await login("maya", pw)).cookie },
    });
    const byName = Object.fromEntries(
      (list.json() as Array<{ name: string }>).map((c) => [c.name, c as Record<string, unknown>]),
    );
    expect(byName["Autumn Step Sprint"]).toMatchObject({
      status: "completed",
      settlement: "settled",
      prizePool: 0,
    });
    // Paid on the steps walked inside its window (which of the demo's walks fall in it depends on
    // the hour of seeding, as each day's walk is at the member's own daytime): 60/40 of 10 FC.
    const autumn = byName["Autumn Step Sprint"] as { id: number; results: unknown[] };
    const walked = await queryRows<{ firstName: string; steps: number }>(
      t().app.ctx.db,
      sql`select u.first_name as "firstName", sum(b.steps)::int as steps
        from competitions c
        join competition_participants p on p.competition_id = c.id
        join users u on u.id = p.user_id
        join step_batches b on b.user_id = p.user_id
          and b.recorded_at >= c.start_date and b.recorded_at < c.end_date
        where c.id = ${autumn.id}
        group by u.first_name order by steps desc`,
    );
    expect(walked.map((w) => w.firstName).sort()).toEqual(["Alex", "Maya"]);
    expect(walked[0].steps).toBeGreaterThan(walked[1].steps);
    expect(autumn.results).toEqual(
      walked.map((w, i) =>
        expect.objectContaining({
          firstName: w.firstName,
          position: i + 1,
          prize: [6, 4][i],
          steps: w.steps,
        }),
      ),
    );
    expect(byName["Holiday Hustle Week"]).toMatchObject({
      status: "active",
      prizePool: 10,
      isParticipant: true,
    });
    expect((byName["Holiday Hustle Week"].userRank as { steps: number }).steps).toBeGreaterThan(0);
    expect(byName["Lunchtime Loop Challenge"]).toMatchObject({ status: "active", participantCount: 3 });
    expect(byName["Weekend Warriors"]).toMatchObject({ status: "upcoming", entryFee: null, canJoin: true });
    expect(byName["New Year Countdown Cup"]).toMatchObject({
      status: "upcoming",
      entryFee: 10,
      maxParticipants: 50,
    });
    // Groups: a settled one, a running public one with chat, a private one.
    const mayaCookie = (await login("maya", pw)).cookie;
    const groupList = await t().app.inject({
      url: "/api/groups",
      headers: { ...DEVICE, cookie: mayaCookie },
    });
    const groupsByName = Object.fromEntries(
      (groupList.json() as Array<{ name: string }>).map((g) => [g.name, g as Record<string, unknown>]),
    );
    expect(groupsByName["Fall Foliage Walkers"]).toMatchObject({
      competitionStatus: "completed",
      settlement: "settled",
      poolBalance: "0.00",
    });
    const striders = groupsByName["Downtown Striders"];
    expect(striders).toMatchObject({
      competitionStatus: "active",
      poolBalance: "12.00",
      memberCount: 2,
      isPrivate: false,
    });
    expect((striders.leaderboard as Array<{ steps: number }>)[0].steps).toBeGreaterThan(0);
    expect(groupsByName["Chen-Rivera Family"]).toMatchObject({
      isPrivate: true,
      role: "admin",
      hasScheduledCompetition: false,
    });
    const chat = await t().app.inject({
      url: `/api/groups/${striders.id}/messages`,
      headers: { ...DEVICE, cookie: mayaCookie },
    });
    expect(chat.json()).toHaveLength(3);

    // Rewards: Sofia's points from three weeks of walking, her gift cards with their codes, the
    // Gift Card of the Month after an older one, and a badge left for her to celebrate.
    const sofia = { ...DEVICE, cookie: (await login("sofia", pw)).cookie };
    const get = async (url: string) => (await t().app.inject({ url, headers: sofia })).json();
    const points = await get("/api/points/summary");
    expect(points.lifetimeSpent).toBe(10_000);
    expect(points.availablePoints).toBe(points.lifetimeEarned - 10_000);
    expect(points.availablePoints).toBeGreaterThan(10_000);
    expect(points.streaks[0]).toEqual({ steps: 10_000, days: 17 });
    const kinds = new Set((await get("/api/points/transactions")).map((p: { type: string }) => p.type));
    expect(kinds).toEqual(new Set(["earned", "milestone", "bonus", "redemption"]));
    const cards = await get("/api/rewards/history");
    expect(cards.map((c: { giftCardName: string }) => c.giftCardName)).toEqual([
      "Amazon $5 Gift Card",
      "Starbucks $5 Gift Card",
    ]);
    expect(
      cards.every(
        (c: { giftCardCode: string; status: string }) => c.status === "delivered" && c.giftCardCode,
      ),
    ).toBe(true);
    const coins = await get("/api/fitcoin/balance");
    expect(coins.balance).toBe(18);
    expect(coins.redemptions).toEqual([
      expect.objectContaining({ amount: 50, brand: "Amazon", status: "fulfilled" }),
    ]);
    expect(await get("/api/fitcoin/gift-card-offer")).toMatchObject({ brand: "Amazon", isActive: true });
    const offers = await t().app.inject({
      url: "/api/admin/gift-card-offers",
      headers: { ...DEVICE, cookie },
    });
    expect(offers.json().map((o: { brand: string; status: string }) => [o.brand, o.status])).toEqual([
      ["Amazon", "active"],
      ["Nike", "scheduled"],
      ["Starbucks", "inactive"],
    ]);
    const celebrate = await t().app.inject({
      method: "POST",
      url: "/api/achievements/check",
      headers: sofia,
    });
    expect(celebrate.json().map((a: { id: string }) => a.id)).toEqual(["fortnight-streak"]);
    const badges = (await get("/api/achievements/user")).map(
      (a: { achievementId: string }) => a.achievementId,
    );
    expect(badges).toEqual(
      expect.arrayContaining(["first-steps", "trailblazer", "week-streak", "first-reward"]),
    );
    expect(badges).not.toContain("month-streak");

    // The gear store: a dozen products in every category, three featured, their images served by
    // the app; three dashboard ads, highest priority first.
    const products = (await get("/api/marketplace/items")) as Array<{
      category: string;
      featured: boolean;
      imageUrl: string;
    }>;
    expect(products).toHaveLength(12);
    expect(new Set(products.map((p) => p.category))).toEqual(
      new Set(["shoes", "clothing", "equipment", "supplements", "accessories"]),
    );
    expect(products.filter((p) => p.featured)).toHaveLength(3);
    expect(products.every((p) => /^\/store\/[a-z-]+\.svg$/.test(p.imageUrl))).toBe(true);
    const slot = (await get("/api/ads/active/dashboard")) as Array<{ title: string; imageUrl: string }>;
    for (const url of [...products.map((p) => p.imageUrl), ...slot.map((a) => a.imageUrl)])
      expect(existsSync(`public${url}`), url).toBe(true);
    expect(slot.map((a) => a.title)).toEqual(["Summer Step Challenge", "Trail Gear Sale", "Hydration Week"]);
    // Seeding runs once: a database with users is left alone.
    expect(await seedDemoData(t().app.ctx)).toBeNull();
  });
});
