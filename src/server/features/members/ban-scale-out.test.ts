import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app";
import { buildUser, loginAs, type Session } from "../../test/factories";
import type { TestApp } from "../../test/test-app";
import { useTwoInstances } from "../../test/two-instances";

/** DESIGN 2.5: a ban on one process ends the member's sessions on every other at once. */
describe("a ban across two app processes", () => {
  const apps = useTwoInstances();
  let first: TestApp;
  let second: App;
  beforeAll(() => {
    ({ first, second } = apps());
  });
  const sync = (app: App, s: Session) =>
    app.inject({
      method: "POST",
      url: "/api/steps",
      headers: s.headers,
      payload: { steps: 20, timestamp: app.ctx.clock.now().toISOString(), batchId: randomUUID() },
    });

  it("refuses the member's session on the other process on its very next request", async () => {
    const admin = await loginAs(first.app, await buildUser(first.app, { isAdmin: true }));
    const member = await buildUser(first.app);
    const session = await loginAs(first.app, member);
    // The second process has used the session (its step-sync caches know it) before the ban.
    expect((await second.inject({ url: "/api/auth/user", headers: session.headers })).statusCode).toBe(200);
    expect((await sync(second, session)).statusCode).toBe(200);
    expect((await sync(second, session)).statusCode).toBe(200);

    const banned = await first.app.inject({
      method: "POST",
      url: `/api/admin/users/${member.id}/ban`,
      headers: admin.headers,
      payload: { reason: "Cheating" },
    });
    expect(banned.statusCode).toBe(200);
    // "At once": the very next requests on the other process are refused, with no wait between.
    const [user, steps] = await Promise.all([
      second.inject({ url: "/api/auth/user", headers: session.headers }),
      sync(second, session),
    ]);
    for (const res of [user, steps]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ sessionInvalid: true });
    }
    const again = await second.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: {
        username: member.username,
        password: member.password,
        deviceFingerprint: session.fingerprint,
      },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe("This account is suspended: Cheating. Contact support.");
  });
});
