import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { stepBatches } from "../../db/schema";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

/**
 * The step sync tests' kit (call inside a describe): the app, a signed-in member, a sync as a
 * session, a batch of steps at the clock's time, the day's total and the stored batches.
 */
export function useStepsKit() {
  const t = useTestApp();
  async function member(over: Parameters<typeof buildUser>[1] = {}) {
    const user = await buildUser(t().app, over);
    return { id: user.id, session: await loginAs(t().app, user) };
  }

  const sync = (session: Session | null, body: Record<string, unknown>) =>
    t().app.inject({
      method: "POST",
      url: "/api/steps",
      headers: session?.headers ?? {},
      payload: body,
    });

  const batch = (steps: number, over: Record<string, unknown> = {}) => ({
    steps,
    timestamp: t().clock.now().toISOString(),
    batchId: randomUUID(),
    deviceSignature: "sig",
    motionData: {
      accelerometer: true,
      gyroscope: false,
      timestamp: Date.now(),
      sessionId: "s1",
      deviceType: "ios",
    },
    ...over,
  });

  const today = async (session: Session) =>
    (await t().app.inject({ url: "/api/steps/today", headers: session.headers })).json().steps as number;

  const rows = (userId: number) =>
    t().app.ctx.db.select().from(stepBatches).where(eq(stepBatches.userId, userId));

  return { t, member, sync, batch, today, rows };
}
