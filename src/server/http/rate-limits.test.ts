import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimitCounters } from "../db/schema";
import { runJobsOnce } from "../jobs/scheduler";
import { DEVICE } from "../test/factories";
import { useTwoInstances } from "../test/two-instances";

/** DESIGN 2.5 with issue 14: a limit holds for the whole service, not per process. */
describe("rate limits across processes", () => {
  const apps = useTwoInstances({ AUTH_RATE_LIMIT: "4" });
  const login = (which: "first" | "second", username: string) => {
    const { first, second } = apps();
    const app = which === "first" ? first.app : second;
    return app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: DEVICE,
      payload: { username, password: "guess-guess" },
    });
  };

  it("counts the attempts made on both instances against one limit", async () => {
    const limit = apps().first.app.ctx.config.authRateLimit;
    const codes: number[] = [];
    for (let i = 0; i < limit + 2; i++)
      codes.push((await login(i % 2 ? "second" : "first", "someone")).statusCode);
    expect(codes.slice(0, limit)).toEqual(Array(limit).fill(401));
    expect(codes.slice(limit)).toEqual([429, 429]);
    const blocked = await login("first", "someone");
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please wait/);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("counts concurrent attempts exactly, and opens a new window once the old one has passed", async () => {
    const { first } = apps();
    // The window the first test filled: move past it.
    first.clock.advance(61_000);
    const limit = first.app.ctx.config.authRateLimit;
    const codes = (
      await Promise.all(
        Array.from({ length: limit * 3 }, (_, i) => login(i % 2 ? "second" : "first", `racer${i}`)),
      )
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(limit);
    expect(codes.filter((c) => c === 429)).toHaveLength(limit * 2);

    // The scheduler forgets the ended windows; live ones stay.
    first.clock.advance(61_000);
    await runJobsOnce(first.app.ctx);
    const [{ left }] = await first.app.ctx.db
      .select({ left: sql<number>`count(*)::int` })
      .from(rateLimitCounters);
    expect(left).toBe(0);
    expect((await login("second", "someone")).statusCode).toBe(401);
  });
});
