import { describe, expect, it } from "vitest";
import { buildUser, DEVICE, loginAs, type Session, syncSteps } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

describe("admin review of accounts flagged for implausible steps", () => {
  const t = useTestApp();

  const sync = (session: Session, steps: number) => syncSteps(t().app, session, steps);

  async function flaggedWalker() {
    const user = await buildUser(t().app, { firstName: "Speedy" });
    const session = await loginAs(t().app, user);
    expect((await sync(session, 100)).statusCode).toBe(200);
    // Three bursts far above what anyone walks in the seconds since: refused, then flagged.
    for (const steps of [900, 1200, 5000]) {
      t().clock.advance(2_000);
      expect((await sync(session, steps)).statusCode).toBe(422);
    }
    return user;
  }

  const admin = async () => loginAs(t().app, await buildUser(t().app, { isAdmin: true }));

  it("lists flagged accounts for admins and closes a review once", async () => {
    const walker = await flaggedWalker();
    const session = await admin();
    const list = await t().app.inject({ url: "/api/admin/step-flags", headers: session.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        userId: walker.id,
        username: walker.username,
        firstName: "Speedy",
        refusals: 3,
        reason: "3 implausible step syncs within 24 hours",
        // 6 s after the last accepted sync: 4 steps a second plus 30.
        lastRefusal: { steps: 5000, allowedSteps: 54 },
      }),
    ]);

    const review = (userId: number | string) =>
      t().app.inject({
        method: "POST",
        url: `/api/admin/step-flags/${userId}/review`,
        headers: session.headers,
      });
    expect((await review(walker.id)).json()).toEqual({ message: "Marked as reviewed" });
    expect((await t().app.inject({ url: "/api/admin/step-flags", headers: session.headers })).json()).toEqual(
      [],
    );
    expect((await review(walker.id)).statusCode).toBe(404);
    expect((await review("abc")).statusCode).toBe(400);
  });

  it("answers 401 without a session and 403 to members", async () => {
    const walker = await flaggedWalker();
    const anonymous = await t().app.inject({ url: "/api/admin/step-flags", headers: DEVICE });
    expect(anonymous.statusCode).toBe(401);
    const member = await loginAs(t().app, await buildUser(t().app));
    const list = await t().app.inject({ url: "/api/admin/step-flags", headers: member.headers });
    expect(list.statusCode).toBe(403);
    const close = await t().app.inject({
      method: "POST",
      url: `/api/admin/step-flags/${walker.id}/review`,
      headers: member.headers,
    });
    expect(close.statusCode).toBe(403);
    // The flag is still open.
    const session = await admin();
    expect(
      (await t().app.inject({ url: "/api/admin/step-flags", headers: session.headers })).json(),
    ).toHaveLength(1);
  });
});
