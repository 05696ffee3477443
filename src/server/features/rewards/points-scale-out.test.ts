import { describe, expect, it } from "vitest";
import { shiftDate } from "../../../core/rules/points";
import { userPoints } from "../../ledger/accounts";
import { buildUser } from "../../test/factories";
import { expectBooksBalanced } from "../../test/test-app";
import { useTwoInstances } from "../../test/two-instances";
import { awardPendingPoints } from "./points.service";
import { walkOn } from "./rewards-test-kit";

/** DESIGN 2.5: the points job of two processes on one database pays every rule once. */
describe("points job in two app instances", () => {
  const apps = useTwoInstances();

  it("pays each member's days once while both instances run the job at the same time", async () => {
    const { first, second } = apps();
    const today = first.clock.now().toISOString().slice(0, 10);
    const members = await Promise.all(Array.from({ length: 12 }, () => buildUser(first.app)));
    for (const m of members) {
      for (let i = 0; i < 7; i++) await walkOn(first.app, m.id, shiftDate(today, i - 6), 10_000);
    }
    await Promise.all([
      awardPendingPoints(first.app.ctx),
      awardPendingPoints(second.ctx),
      awardPendingPoints(first.app.ctx),
      awardPendingPoints(second.ctx),
    ]);
    await awardPendingPoints(second.ctx);
    // 7 days × (400 + 100 + 200) and the 7-day streak bonus, for every member, once.
    for (const m of members) expect(await userPoints(first.app.ctx.db, m.id)).toBe(7 * 700 + 500);
    await expectBooksBalanced(first.app);
  }, 60_000); // two instances and 12 members: slow on a loaded machine, never a timing assertion
});
