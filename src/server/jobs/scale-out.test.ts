import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app";
import { payments, subscriptions } from "../db/schema";
import { addMonth } from "../payments/provider";
import { buildUser, loginAs } from "../test/factories";
import type { TestApp } from "../test/test-app";
import { useTwoInstances } from "../test/two-instances";
import { runJobsOnce } from "./scheduler";

/** DESIGN 2.5: two app instances on one database race each other (see useTwoInstances). */
describe("two app instances on one database", () => {
  const apps = useTwoInstances();
  let first: TestApp;
  let second: App;
  beforeAll(() => {
    ({ first, second } = apps());
  });

  it("renews a membership once when both run the period-end job at the same moment", async () => {
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => buildUser(first.app)));
    const [sub] = await first.app.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, users[0].id));
    first.clock.set(new Date(sub.currentPeriodEnd.getTime() + 60_000));
    await Promise.all([runJobsOnce(first.app.ctx), runJobsOnce(second.ctx), runJobsOnce(first.app.ctx)]);
    for (const user of users) {
      const rows = await first.app.ctx.db.select().from(payments).where(eq(payments.userId, user.id));
      expect(rows).toHaveLength(2);
      const [after] = await first.app.ctx.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, user.id));
      // Exactly one month more: a second claim would have pushed the end out again.
      expect(after.currentPeriodEnd).toEqual(addMonth(sub.currentPeriodEnd));
    }
  });

  it("credits a checkout paid through both instances at once exactly once", async () => {
    const user = await buildUser(first.app, { subscribed: false });
    const session = await loginAs(first.app, user);
    const url: string = (
      await first.app.inject({
        method: "POST",
        url: "/api/subscription/create-checkout",
        headers: session.headers,
      })
    ).json().url;
    const pay = (app: App) =>
      app.inject({
        method: "POST",
        url: `/api${url}/pay`,
        payload: { cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
      });
    const results = await Promise.all([pay(first.app), pay(second), pay(first.app), pay(second)]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect(
      await first.app.ctx.db.$count(
        payments,
        and(eq(payments.userId, user.id), eq(payments.status, "succeeded")),
      ),
    ).toBe(1);
  });

  it("shares sessions: a member signed in on one instance is known to the other", async () => {
    const user = await buildUser(first.app);
    const session = await loginAs(first.app, user);
    const me = await second.inject({ method: "GET", url: "/api/auth/user", headers: session.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });
});
