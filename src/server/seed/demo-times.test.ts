import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { zonedTimeToUtc } from "../../core/rules/zoned-time";
import { queryRows } from "../db/client";
import { giftCardRedemptions } from "../db/schema";
import { localDate } from "../features/steps/local-date";
import { auditLedger } from "../ledger/audit";
import { useTestApp } from "../test/test-app";
import { seedDemoData } from "./demo";

const MINUTE = 60_000;

type Move = { kind: string; reference: string | null; userId: number | null; at: Date };
type Window = { id: number; groupId: number | null; start: Date; end: Date };

/**
 * Issue 25 item 6: the demo looks lived in. Every seeded transfer, point entry and message carries
 * the time it would have happened, booked through the ledger: entry fees before their race
 * starts, prizes after it ends (and its grace period), messages during it, points a minute after
 * the walk that earned them, wallets filled before the fees they pay.
 */
// Seeded now, and when a demo member's day began minutes ago (New York, just after its midnight),
// so today's walk was synced less than a minute before seeding and its points are paid then.
describe.each([
  ["now", null],
  ["just after New York's midnight", "2026-12-01T05:03:30Z"],
])("demo data times, seeded %s", (_, now) => {
  const t = useTestApp({}, {}, now ? { now } : {});

  it("orders every seeded movement and message as it would have happened: fee < start < end < prize", async () => {
    const seededAt = t().clock.now();
    expect(await seedDemoData(t().app.ctx)).not.toBeNull();
    const db = t().app.ctx.db;
    const moves = (
      await queryRows<Move & { at: string }>(
        db,
        sql`select kind, reference, user_id as "userId", created_at as at from ledger_transfers order by id`,
      )
    ).map((m) => ({ ...m, at: new Date(m.at) }));
    const windows = (
      await queryRows<{ id: number; groupId: number | null; start: string; end: string }>(
        db,
        sql`select id, group_id as "groupId", start_date as start, end_date as end from competitions`,
      )
    ).map((w): Window => ({ ...w, start: new Date(w.start), end: new Date(w.end) }));
    const poolOf = (w: Window) => (w.groupId === null ? `competition:${w.id}` : `group:${w.groupId}`);
    const grace = t().app.ctx.config.settlementGraceMs;

    // Nothing is booked after the moment of seeding.
    expect(moves.length).toBeGreaterThan(50);
    for (const m of moves)
      expect(m.at.getTime(), `${m.kind} ${m.reference}`).toBeLessThanOrEqual(seededAt.getTime());
    const atSeeding = moves.filter((m) => m.at.getTime() === seededAt.getTime());
    // Only points paid for today's walk when its last sync was less than a minute before seeding:
    // today's batches spread over the member's day so far, the last at 6/7 of it, so only a member
    // whose day began at most 7 minutes before seeding is paid at that moment.
    const zones = new Map(
      (
        await queryRows<{ id: number; timeZone: string }>(
          db,
          sql`select id, time_zone as "timeZone" from users`,
        )
      ).map((u) => [u.id, u.timeZone]),
    );
    for (const m of atSeeding) {
      expect(["earned", "milestone", "bonus"]).toContain(m.kind);
      const zone = zones.get(m.userId ?? -1) ?? "UTC";
      const midnight = zonedTimeToUtc(localDate(seededAt, zone), "00:00", zone).getTime();
      expect(seededAt.getTime() - midnight, `${m.kind} of member ${m.userId}`).toBeLessThanOrEqual(
        7 * MINUTE,
      );
    }
    if (now) expect(atSeeding.length).toBeGreaterThan(0);

    let prizes = 0;
    for (const w of windows) {
      expect(w.start.getTime()).toBeLessThan(w.end.getTime());
      const fees = moves.filter((m) => m.kind === "entry_fee" && m.reference === poolOf(w));
      for (const fee of fees)
        expect(fee.at.getTime(), `fee into ${poolOf(w)}`).toBeLessThan(w.start.getTime());
      for (const prize of moves.filter((m) => m.kind === "prize" && m.reference === `competition:${w.id}`)) {
        expect(prize.at.getTime(), `prize of competition ${w.id}`).toBeGreaterThanOrEqual(
          w.end.getTime() + grace,
        );
        prizes++;
      }
    }
    expect(prizes, "the finished competition and group round paid their podiums").toBe(4);

    // Each member's wallet was filled before the first fee it paid.
    for (const userId of new Set(moves.filter((m) => m.kind === "entry_fee").map((m) => m.userId))) {
      const own = moves.filter((m) => m.userId === userId);
      const firstFee = Math.min(...own.filter((m) => m.kind === "entry_fee").map((m) => m.at.getTime()));
      for (const m of own.filter((m) => ["deposit", "fitcoin_purchase", "platform_fee"].includes(m.kind))) {
        expect(m.at.getTime()).toBeLessThan(firstFee);
      }
    }

    // Points a minute after the day's last sync (or at seeding, when that was under a minute ago).
    const syncs = await queryRows<{ userId: number; at: string }>(
      db,
      sql`select user_id as "userId", received_at as at from step_batches`,
    );
    const points = moves.filter((m) => ["earned", "milestone", "bonus"].includes(m.kind));
    expect(points.length).toBeGreaterThan(20);
    for (const p of points) {
      const afterSync = syncs.some(
        (s) =>
          s.userId === p.userId &&
          (new Date(s.at).getTime() + MINUTE === p.at.getTime() || p.at.getTime() === seededAt.getTime()),
      );
      expect(afterSync, `${p.kind} at ${p.at.toISOString()}`).toBe(true);
    }

    // Group chat during the group's running round.
    const said = await queryRows<{ room: string; at: string }>(
      db,
      sql`select room, created_at as at from chat_messages`,
    );
    expect(said.length).toBeGreaterThan(0);
    for (const m of said) {
      const w = windows.find((x) => poolOf(x) === m.room || `competition:${x.id}` === m.room);
      if (!w) throw new Error(`no race for ${m.room}`);
      const at = new Date(m.at).getTime();
      expect(at).toBeGreaterThanOrEqual(w.start.getTime());
      expect(at).toBeLessThan(Math.min(w.end.getTime(), seededAt.getTime()));
    }

    // The books still balance.
    expect((await auditLedger(db)).mismatches).toEqual([]);
    // Seeding a whole demo is slow on a busy machine.
  }, 120_000);
});

/**
 * Issue 29: seeded on the first days of a month, Sofia's FitCoin card (dated two days back) fell
 * in last month, when this month's Gift Card of the Month was not offered yet: the seed failed, and
 * a new embedded database could not start on the 1st or 2nd of any month. Seeded thirty seconds
 * into a month, and late on its second day (two days back is still last month).
 */
describe.each(["2026-12-01T00:00:30Z", "2026-12-02T23:00:00Z"])("demo data seeded at %s", (now) => {
  const t = useTestApp({}, {}, { now });

  it("redeems this month's Gift Card of the Month within the month, before the moment of seeding", async () => {
    const seededAt = t().clock.now();
    expect(await seedDemoData(t().app.ctx)).not.toBeNull();
    const fitcoinCards = await t()
      .app.ctx.db.select({ at: giftCardRedemptions.createdAt })
      .from(giftCardRedemptions)
      .where(eq(giftCardRedemptions.currency, "FC"));
    expect(fitcoinCards).toHaveLength(1);
    const at = new Date(fitcoinCards[0].at).getTime();
    expect(at).toBeGreaterThanOrEqual(Date.parse("2026-12-01T00:00:00Z"));
    expect(at).toBeLessThan(seededAt.getTime());
    expect((await auditLedger(t().app.ctx.db)).mismatches).toEqual([]);
  }, 120_000);
});
