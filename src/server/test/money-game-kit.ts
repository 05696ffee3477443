import { randomUUID } from "node:crypto";
import { runJobsOnce } from "../jobs/scheduler";
import { poolBalance, userBalances } from "../ledger/accounts";
import type { Session } from "./factories";
import { callAs } from "./test-app";
import { useTwoInstances } from "./two-instances";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * What a money test of a game (competition or group) run on two app instances does: requests on
 * either instance (a JSON body, `{}` when none, for every change), balances and pools, a walk at the
 * clock's now, and both processes' scheduler tick, as two servers would.
 */
export function useMoneyGameKit(env: Record<string, string> = {}) {
  const apps = useTwoInstances(env);
  const first = () => apps().first;
  const second = () => apps().second;
  const app = () => first().app;
  const call = (method: Method, url: string, s: Session, payload?: object, on = app()) =>
    callAs(on, s, method, url, payload ?? (method === "GET" ? undefined : {}));
  const fc = async (userId: number) => (await userBalances(app().ctx.db, userId)).fc;
  const pool = (ownerKey: string) => poolBalance(app().ctx.db, ownerKey);
  const tickBoth = () => Promise.all([runJobsOnce(app().ctx), runJobsOnce(second().ctx)]);
  const walk = (s: Session, steps: number) =>
    call("POST", "/api/steps", s, {
      steps,
      timestamp: first().clock.now().toISOString(),
      batchId: randomUUID(),
    });
  return { first, second, app, call, fc, pool, tickBoth, walk };
}
