import { expect } from "vitest";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { callAs, type TestApp } from "../../test/test-app";

/**
 * What the Gift Card of the Month tests share: months counted from the test clock, an admin and a
 * member signed in once, an offer made through the admin route, and its actions.
 */
export function offerTestKit(t: () => TestApp) {
  const sessions = {} as { admin: Session; member: Session };
  /** The UTC month `offset` months from the test clock. */
  const month = (offset = 0) => {
    const d = t().clock.now();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
  };
  /** The first instant of the month `offset` months from the clock, plus `ms`. */
  const monthStart = (offset: number, ms = 0) => {
    const d = t().clock.now();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1) + ms);
  };
  const send = (session: Session | null, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    callAs(t().app, session, method, url, payload);

  async function signIn() {
    sessions.admin ??= await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    sessions.member ??= await loginAs(t().app, await buildUser(t().app));
  }
  /** A new offer for this month (or as `over` says); answers its id. */
  async function offer(over: Record<string, unknown> = {}): Promise<number> {
    await signIn();
    const res = await send(sessions.admin, "POST", "/api/admin/gift-card-offers", {
      month: month(),
      brand: "Amazon",
      description: "Anything at all",
      ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }
  const act = (id: number, action: "activate" | "schedule" | "end", as: Session | null = sessions.admin) =>
    send(as, "POST", `/api/admin/gift-card-offers/${id}/${action}`);
  return { sessions, month, monthStart, send, signIn, offer, act };
}
