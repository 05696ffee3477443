// The replica's lag in time from WAL positions (db/replica-lag.ts): pure, no database.
import { describe, expect, it } from "vitest";
import { lagTracker, parseLsn } from "./replica-lag";

describe("WAL positions", () => {
  it("read as PostgreSQL prints them, in order across the high half", () => {
    expect(parseLsn("0/0")).toBe(0n);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn("1/0") > parseLsn("0/FFFFFFFF")).toBe(true);
    for (const bad of ["", "16", "16/", "G/1", "1/2/3", "123456789/0"]) expect(() => parseLsn(bad)).toThrow();
  });
});

describe("the replica's lag", () => {
  const maxLagMs = 5_000;
  const tracker = () => lagTracker(maxLagMs, maxLagMs + 3_000);

  it("is 0 on an idle pair however long ago the last change was", () => {
    const lag = tracker();
    for (let at = 0; at <= 60_000; at += 1_000) {
      lag.primaryAt(100n, at);
      expect(lag.replayed(100n, at + 5)).toBe(0);
    }
  });

  it("is the age of the oldest position the replica has not replayed, while replay is stuck", () => {
    const lag = tracker();
    lag.primaryAt(100n, 0);
    expect(lag.replayed(100n, 5)).toBe(0);
    // Replay stops at 100 while the primary writes on.
    lag.primaryAt(150n, 1_000);
    expect(lag.replayed(100n, 1_005)).toBe(5);
    lag.primaryAt(200n, 2_000);
    expect(lag.replayed(100n, 2_005)).toBe(1_005);
    lag.primaryAt(200n, 7_000);
    expect(lag.replayed(100n, 7_005)).toBe(6_005);
    // Replay resumes: past 150, the oldest missing is the one seen at 2 000; past 200, nothing.
    lag.primaryAt(200n, 8_000);
    expect(lag.replayed(170n, 8_005)).toBe(6_005);
    lag.primaryAt(200n, 9_000);
    expect(lag.replayed(200n, 9_005)).toBe(0);
  });

  it("is unknown until the replica has reached a position seen, unless already over the limit", () => {
    const lag = tracker();
    lag.primaryAt(500n, 0);
    // A replica behind the first position seen may be behind by any time: not known yet.
    expect(lag.replayed(400n, 10)).toBeNull();
    lag.primaryAt(600n, 1_000);
    expect(lag.replayed(400n, 1_010)).toBeNull();
    // Still behind the first position seen after the limit: at least that far behind.
    lag.primaryAt(700n, 5_000);
    expect(lag.replayed(450n, 5_010)).toBe(5_010);
    lag.primaryAt(700n, 6_000);
    expect(lag.replayed(650n, 6_010)).toBe(1_010);
  });

  it("is unknown again after the replica was lost, until it catches up", () => {
    const lag = tracker();
    lag.primaryAt(100n, 0);
    expect(lag.replayed(100n, 5)).toBe(0);
    lag.lost();
    lag.primaryAt(300n, 1_000);
    // Restarted, it may have replayed less than before: not known until it reaches a position seen.
    expect(lag.replayed(200n, 1_005)).toBeNull();
    lag.primaryAt(300n, 2_000);
    expect(lag.replayed(300n, 2_005)).toBe(0);
  });

  it("forgets positions older than it keeps, and the lag is then known only past the limit", () => {
    const lag = lagTracker(maxLagMs, 8_000);
    lag.primaryAt(100n, 0);
    expect(lag.replayed(100n, 0)).toBe(0);
    for (let at = 1_000; at <= 20_000; at += 1_000) lag.primaryAt(BigInt(100 + at), at);
    // Positions of 0 to 11 000 are forgotten; the oldest kept is 12 000's, 8 s before.
    expect(lag.replayed(100n, 20_000)).toBe(8_000);
  });
});
