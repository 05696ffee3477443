import { expect } from "vitest";
import { poolBalance, userBalances } from "../../ledger/accounts";
import type { buildUser, Session } from "../../test/factories";
import { DEVICE, fundedMember } from "../../test/factories";
import type { TestApp } from "../../test/test-app";

/** The calls the group API tests make, on the file's test app. */
export function groupTestKit(t: () => TestApp) {
  const app = () => t().app;

  const member = (fitcoins = 100, over: Parameters<typeof buildUser>[1] = {}) =>
    fundedMember(app(), fitcoins, over);
  const call = (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    s?: Session,
    payload?: object,
  ) => app().inject({ method, url, headers: s?.headers ?? DEVICE, payload });
  const fc = async (userId: number) => (await userBalances(app().ctx.db, userId)).fc;
  const pool = (groupId: number) => poolBalance(app().ctx.db, `group:${groupId}`);
  /** A local date and time `inMs` from the app's clock, as a UTC member's form sends them. */
  const startIn = (inMs: number) => {
    const at = new Date(app().ctx.clock.now().getTime() + inMs).toISOString();
    return { competitionStartDate: at.slice(0, 10), competitionStartTime: at.slice(11, 16) };
  };
  async function group(owner: Session, over: Record<string, unknown> = {}) {
    const res = await call("POST", "/api/groups", owner, {
      name: "Morning Walkers",
      description: "Early birds",
      ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const join = (code: string, s: Session) => call("POST", `/api/groups/join/${code}`, s);

  return { app, member, call, fc, pool, startIn, group, join };
}
