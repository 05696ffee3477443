import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { buildUser, loginAs, type Session, syncSteps } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

describe("a member who changes time zone", () => {
  const t = useTestApp();

  const sync = (session: Session, steps: number) => syncSteps(t().app, session, steps);

  it("keeps the steps already walked on the day they were walked", async () => {
    // 22:00 on 14 January in New York.
    t().clock.set("2026-01-15T03:00:00Z");
    const user = await buildUser(t().app, { timeZone: "America/New_York" });
    const session = await loginAs(t().app, user);
    expect((await sync(session, 800)).statusCode).toBe(200);

    // An hour later the member is in Tokyo (13:00 on 15 January there) and walks on.
    await t().app.ctx.db.update(users).set({ timeZone: "Asia/Tokyo" }).where(eq(users.id, user.id));
    t().clock.set("2026-01-15T04:00:00Z");
    const after = await sync(session, 300);
    // Today, in Tokyo, holds only the steps walked on Tokyo's 15th.
    expect(after.json()).toEqual({ stepData: { totalSteps: 300 } });

    const history = (await t().app.inject({ url: "/api/steps/history", headers: session.headers })).json();
    expect(history.slice(-2)).toEqual([
      { date: "2026-01-14", steps: 800 },
      { date: "2026-01-15", steps: 300 },
    ]);
  });
});
