import { describe, expect, it } from "vitest";
import {
  countdown,
  formatCompact,
  formatCountdown,
  formatFull,
  startLabel,
  timeRemaining,
} from "./countdown";
import { competitionStatus, entriesOpen, entryDeadline } from "./entry-cutoff";
import { rankEntrants, splitPrizePool } from "./prize-split";

const e = (userId: number, steps: number) => ({ userId, steps });
const paid = (pool: number, entrants: { userId: number; steps: number }[]) =>
  Object.fromEntries(splitPrizePool(pool, entrants).map((p) => [p.userId, p.amount]));

describe("splitPrizePool", () => {
  it("pays 50/30/20 to the top three of many", () => {
    expect(paid(10000, [e(1, 900), e(2, 800), e(3, 700), e(4, 600), e(5, 500)])).toEqual({
      1: 5000,
      2: 3000,
      3: 2000,
    });
  });

  it("pays 60/40 with two eligible and 100 with one", () => {
    expect(paid(1000, [e(1, 10), e(2, 20)])).toEqual({ 2: 600, 1: 400 });
    expect(paid(1000, [e(1, 10)])).toEqual({ 1: 1000 });
  });

  it("leaves out participants with 0 steps (three joined, two walked: 60/40)", () => {
    expect(paid(3000, [e(1, 0), e(2, 50), e(3, 40)])).toEqual({ 2: 1800, 3: 1200 });
  });

  it("pays nobody when nobody walked or the pool is empty", () => {
    expect(splitPrizePool(3000, [e(1, 0), e(2, 0)])).toEqual([]);
    expect(splitPrizePool(0, [e(1, 10), e(2, 5)])).toEqual([]);
    expect(splitPrizePool(100, [])).toEqual([]);
  });

  it("shares the combined places of a tie: for first, for second, for third across the cut", () => {
    // Two tie for first: (50 + 30) / 2 each, third 20.
    expect(paid(1000, [e(1, 9), e(2, 9), e(3, 5), e(4, 1)])).toEqual({ 1: 400, 2: 400, 3: 200 });
    // Tie for second: (30 + 20) / 2.
    expect(paid(1000, [e(1, 9), e(2, 5), e(3, 5), e(4, 1)])).toEqual({ 1: 500, 2: 250, 3: 250 });
    // Three tie for third: 20% shared by three; the rounding remainder goes to first.
    expect(paid(1000, [e(1, 9), e(2, 8), e(3, 5), e(4, 5), e(5, 5)])).toEqual({
      1: 502,
      2: 300,
      3: 66,
      4: 66,
      5: 66,
    });
    // Everyone tied among three: the whole pool in three.
    expect(paid(900, [e(1, 5), e(2, 5), e(3, 5)])).toEqual({ 1: 300, 2: 300, 3: 300 });
    // Two eligible tied: 60 + 40 shared.
    expect(paid(1001, [e(7, 5), e(3, 5)])).toEqual({ 3: 501, 7: 500 });
  });

  it("gives rounding remainders to first place and always pays out the exact pool", () => {
    expect(paid(1001, [e(1, 3), e(2, 2), e(3, 1)])).toEqual({ 1: 501, 2: 300, 3: 200 });
    for (const pool of [1, 2, 7, 99, 1001, 123457]) {
      for (const steps of [[5, 4, 3, 2], [5, 5, 5, 5], [9, 1, 1], [3, 3], [1]]) {
        const payouts = splitPrizePool(
          pool,
          steps.map((s, i) => e(i + 1, s)),
        );
        expect(
          payouts.reduce((a, p) => a + p.amount, 0),
          `${pool} ${steps}`,
        ).toBe(pool);
        for (const p of payouts) expect(Number.isInteger(p.amount)).toBe(true);
      }
    }
  });

  it("refuses a pool that is not a whole number of minor units", () => {
    expect(() => splitPrizePool(10.5, [e(1, 1)])).toThrow();
  });

  it("ranks with shared positions", () => {
    expect(rankEntrants([e(1, 5), e(2, 9), e(3, 5), e(4, 0)]).map((r) => [r.userId, r.position])).toEqual([
      [2, 1],
      [1, 2],
      [3, 2],
      [4, 4],
    ]);
  });
});

describe("entry cutoff", () => {
  const start = new Date("2026-12-01T12:00:00Z");
  const end = new Date("2026-12-08T12:00:00Z");
  const at = (iso: string) => new Date(iso);

  it("closes at the start when empty, never while running with -1, N hours before the start otherwise", () => {
    expect(entryDeadline(start, null)).toEqual(start);
    expect(entryDeadline(start, -1)).toBeNull();
    expect(entryDeadline(start, 6)).toEqual(at("2026-12-01T06:00:00Z"));
    const w = (h: number | null) => ({ startDate: start, endDate: end, entryDeadlineHours: h });
    expect(entriesOpen(at("2026-12-01T11:59:59Z"), w(null))).toBe(true);
    expect(entriesOpen(at("2026-12-01T12:00:00Z"), w(null))).toBe(false);
    expect(entriesOpen(at("2026-12-05T00:00:00Z"), w(-1))).toBe(true);
    expect(entriesOpen(at("2026-12-08T12:00:00Z"), w(-1))).toBe(false);
    expect(entriesOpen(at("2026-11-30T11:59:00Z"), w(24))).toBe(true);
    expect(entriesOpen(at("2026-11-30T12:00:00Z"), w(24))).toBe(false);
    expect(entriesOpen(at("2026-11-29T11:00:00Z"), w(48))).toBe(true);
    expect(entriesOpen(at("2026-11-29T12:30:00Z"), w(48))).toBe(false);
  });

  it("derives the status from the window", () => {
    expect(competitionStatus(at("2026-12-01T11:00:00Z"), start, end)).toBe("upcoming");
    expect(competitionStatus(start, start, end)).toBe("active");
    expect(competitionStatus(end, start, end)).toBe("completed");
  });
});

describe("countdown", () => {
  const dates = {
    entryDeadline: new Date("2026-12-01T06:00:00Z"),
    startDate: new Date("2026-12-01T12:00:00Z"),
    endDate: new Date("2026-12-03T12:00:00Z"),
  };
  const c = (iso: string, kind: "competition" | "group" = "competition") =>
    countdown(new Date(iso), dates, kind);

  it("moves through entry, start, end and ended with the specification's labels", () => {
    expect(c("2026-11-29T03:00:00Z")).toEqual({
      phase: "entry",
      label: "Entry closes in",
      remainingMs: 51 * 3600_000,
    });
    expect(c("2026-12-01T07:00:00Z").label).toBe("Starts in");
    expect(c("2026-12-02T12:00:00Z").label).toBe("Ends in");
    expect(c("2026-12-03T12:00:00Z")).toEqual({ phase: "ended", label: "Completed", remainingMs: 0 });
    expect(c("2026-12-04T00:00:00Z", "group").label).toBe("Competition ended");
    expect(countdown(new Date("2026-11-30T00:00:00Z"), { ...dates, entryDeadline: null }).label).toBe(
      "Starts in",
    );
  });

  it("formats compact, full (at most two units) and Starting... at zero", () => {
    expect(formatCompact((2 * 24 + 5) * 3600_000 + 7 * 60_000)).toBe("2d 5h");
    expect(formatCompact(5 * 3600_000 + 12 * 60_000 + 9_000)).toBe("5h 12m");
    expect(formatCompact(12 * 60_000 + 5_000)).toBe("12m 5s");
    expect(formatFull((24 + 5) * 3600_000 + 7 * 60_000)).toBe("1 day 5 hours");
    expect(formatFull(2 * 3600_000 + 60_000 + 3_000)).toBe("2 hours 1 minute");
    expect(formatFull(5_000)).toBe("5 seconds");
    expect(formatCountdown({ phase: "start", label: "Starts in", remainingMs: 400 })).toBe("Starting...");
    expect(formatCountdown({ phase: "ended", label: "Completed", remainingMs: 0 })).toBe("");
  });

  it("labels a card's start and its time remaining", () => {
    const now = new Date("2026-12-01T00:00:00Z");
    expect(startLabel(now, new Date("2026-12-03T01:00:00Z"))).toBe("Starts in 2 days");
    expect(startLabel(now, new Date("2026-12-02T00:00:00Z"))).toBe("Starts in 1 day");
    expect(startLabel(now, new Date("2026-12-01T05:30:00Z"))).toBe("Starts in 5 hours");
    expect(startLabel(now, new Date("2026-12-01T01:00:00Z"))).toBe("Starts in 1 hour");
    expect(startLabel(now, new Date("2026-12-01T00:30:00Z"))).toBe("Starting soon");
    expect(startLabel(now, now)).toBe("Started");
    expect(timeRemaining(now, new Date("2026-12-03T05:00:00Z"))).toBe("2d 5h remaining");
    expect(timeRemaining(now, new Date("2026-12-01T05:00:00Z"))).toBe("5h remaining");
    expect(timeRemaining(now, now)).toBe("Competition Ended");
  });
});

describe("zonedTimeToUtc", () => {
  it("reads a wall-clock date and time in a time zone, across daylight-saving changes", async () => {
    const { zonedTimeToUtc } = await import("./zoned-time");
    expect(zonedTimeToUtc("2026-12-01", "18:30", "America/New_York").toISOString()).toBe(
      "2026-12-01T23:30:00.000Z",
    );
    expect(zonedTimeToUtc("2026-07-01", "18:30", "America/New_York").toISOString()).toBe(
      "2026-07-01T22:30:00.000Z",
    );
    expect(zonedTimeToUtc("2026-12-01", "09:00", "Asia/Tokyo").toISOString()).toBe(
      "2026-12-01T00:00:00.000Z",
    );
    expect(zonedTimeToUtc("2026-03-29", "12:00", "Europe/Berlin").toISOString()).toBe(
      "2026-03-29T10:00:00.000Z",
    );
    expect(zonedTimeToUtc("2026-12-01", "00:00", "UTC").toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });
});
