import { randomUUID } from "node:crypto";
import type { App } from "../../app";
import { stepBatches } from "../../db/schema";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { awardPendingPoints } from "./points.service";

/**
 * Stores a batch of steps on a member's local day as an accepted sync would (the triggers keep
 * the day's total and mark it for the points job), without the cadence check of a live sync: tests
 * lay out whole weeks of walking.
 */
export async function walkOn(app: App, userId: number, localDate: string, steps: number) {
  const at = new Date(`${localDate}T12:00:00Z`);
  await app.ctx.db.insert(stepBatches).values({
    userId,
    batchId: randomUUID(),
    steps,
    recordedAt: at,
    receivedAt: app.ctx.clock.now(),
    localDate,
  });
}

/** One run of the points job, as the scheduler does each tick. */
export const runPointsJob = (app: App) => awardPendingPoints(app.ctx);

export async function pointsOf(app: App, session: Session) {
  return (await app.inject({ url: "/api/points/summary", headers: session.headers })).json() as {
    availablePoints: number;
    lifetimeEarned: number;
    lifetimeSpent: number;
    streaks: { steps: number; days: number }[];
  };
}

/** A signed-in member who has walked `steps` today and been paid their points. */
export async function memberWithPoints(app: App, steps: number, over: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(app, over);
  const session = await loginAs(app, user);
  if (steps > 0) {
    await walkOn(app, user.id, app.ctx.clock.now().toISOString().slice(0, 10), steps);
    await runPointsJob(app);
  }
  return { user, session };
}
