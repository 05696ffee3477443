import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WEEKS_AHEAD, weekOf, weekPartitions } from "../features/steps/batch-retention";
import { useTestApp } from "../test/test-app";
import { stepBatchRetention } from "./scheduler";

const DAY_MS = 24 * 3600 * 1000;

/** Issue 29 item 5: a retention run that throws gives its hourly turn back. */
describe("step batch retention job after a run that threw", () => {
  const t = useTestApp();
  const weeks = async () => (await weekPartitions(t().app.ctx.db)).map((w) => w.name);
  const partitionOf = (at: Date) => `step_batches_p${weekOf(at).replaceAll("-", "")}`;

  it("runs again at the next tick, not an hour later", async () => {
    // Far enough ahead that the run has weeks to create, so one can see whether it ran.
    t().clock.set(new Date(t().clock.now().getTime() + 6 * 7 * DAY_MS));
    const twoAhead = partitionOf(new Date(t().clock.now().getTime() + WEEKS_AHEAD * 7 * DAY_MS));
    const db = t().app.ctx.db;
    // A failing query, as a dropped connection or a lost table would make: the run throws.
    await db.execute(sql`alter table step_batches_default rename to step_batches_default_away`);
    try {
      await expect(stepBatchRetention(t().app.ctx)).rejects.toThrow();
    } finally {
      await db.execute(sql`alter table step_batches_default_away rename to step_batches_default`);
    }
    expect(await weeks()).not.toContain(twoAhead);
    // The next tick, seconds later.
    t().clock.advance(5_000);
    await stepBatchRetention(t().app.ctx);
    expect(await weeks()).toContain(twoAhead);
  });
});
