import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app";
import { competitions } from "../../db/schema";
import { runJobsOnce } from "../../jobs/scheduler";
import { userBalances } from "../../ledger/accounts";
import {
  buildCompetition,
  buildUser,
  DEVICE,
  fundedMember,
  loginAs,
  type Session,
} from "../../test/factories";
import { expectBooksBalanced, type TestApp } from "../../test/test-app";
import { useTwoInstances } from "../../test/two-instances";
import { settlementRetryDelayMs } from "./settlement-job";

const HOUR = 3600_000;
const MINUTE = 60_000;

describe("settlement retry delay", () => {
  it("grows from a minute, doubling, to at most an hour", () => {
    expect([1, 2, 3, 4, 7, 8, 50].map((n) => settlementRetryDelayMs(n) / MINUTE)).toEqual([
      1, 2, 4, 8, 60, 60, 60,
    ]);
  });
});

/** DESIGN 2.4: one competition that cannot settle never stops or delays another (two processes). */
describe("settlement job", { timeout: 60_000 }, () => {
  const apps = useTwoInstances();
  let first: TestApp;
  let second: App;
  beforeAll(() => {
    ({ first, second } = apps());
  });
  const app = () => first.app;
  const call = (method: "GET" | "POST", url: string, s?: Session) =>
    app().inject({ method, url, headers: s?.headers ?? DEVICE, payload: method === "POST" ? {} : undefined });
  const fc = async (userId: number) => (await userBalances(app().ctx.db, userId)).fc;
  const failures = async (admin: Session) => {
    const res = await call("GET", "/api/admin/competitions/settlement-failures", admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { competitionId: number; attempts: number; error: string; retryAt: string }[];
  };
  const stateOf = async (id: number) => {
    const [row] = await app()
      .ctx.db.select({
        settledAt: competitions.settledAt,
        attempts: competitions.settleAttempts,
        error: competitions.settleError,
        retryAt: competitions.settleRetryAt,
      })
      .from(competitions)
      .where(eq(competitions.id, id));
    return row;
  };
  /** Makes the settlement of one competition fail on purpose: its row refuses to be marked settled. */
  async function breakSettlementOf(id: number) {
    await app().ctx.db.execute(
      sql.raw(`create or replace function test_fail_settlement() returns trigger language plpgsql as $$
        begin
          if new.id = ${Number(id)} and new.settled_at is not null then
            raise exception 'injected failure for competition %', new.id;
          end if;
          return new;
        end $$`),
    );
    await app().ctx.db.execute(
      sql.raw(`create trigger test_fail_settlement before update on competitions
        for each row execute function test_fail_settlement()`),
    );
  }
  const mend = () =>
    app().ctx.db.execute(sql.raw("drop trigger if exists test_fail_settlement on competitions"));

  it("settles the others, records the failure with a growing delay, shows it to admins and settles it once mended", async () => {
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const broken = await buildCompetition(app(), admin, { entryFee: 10 }, HOUR, 1);
    const fine = await buildCompetition(app(), admin, { entryFee: 10 }, 2 * HOUR, 1);
    const a = await fundedMember(app(), 10);
    const b = await fundedMember(app(), 10);
    expect((await call("POST", `/api/competitions/${broken.id}/join`, a.session)).statusCode).toBe(200);
    expect((await call("POST", `/api/competitions/${fine.id}/join`, b.session)).statusCode).toBe(200);
    first.clock.advance(2 * HOUR + MINUTE);
    for (const s of [a.session, b.session]) {
      const res = await app().inject({
        method: "POST",
        url: "/api/steps",
        headers: s.headers,
        payload: { steps: 800, timestamp: first.clock.now().toISOString(), batchId: randomUUID() },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await breakSettlementOf(broken.id);
    try {
      // Both ended with their grace: the broken one comes first (it ended first) and fails.
      first.clock.advance(24 * HOUR + 11 * MINUTE);
      const failedAt = first.clock.now().getTime();
      await runJobsOnce(first.app.ctx);
      expect(await fc(b.user.id)).toBe(1000);
      expect((await stateOf(fine.id)).settledAt).not.toBeNull();
      const failed = await stateOf(broken.id);
      expect(failed).toMatchObject({ settledAt: null, attempts: 1 });
      expect(failed.error).toContain("injected failure for competition");
      expect(failed.retryAt?.getTime()).toBe(failedAt + MINUTE);
      expect(await fc(a.user.id)).toBe(0);

      // Admins see it, with its message; members and visitors do not.
      const listed = await failures(admin);
      expect(listed).toEqual([
        expect.objectContaining({ competitionId: broken.id, attempts: 1, error: failed.error }),
      ]);
      const member = await fundedMember(app(), 0);
      expect(
        (await call("GET", "/api/admin/competitions/settlement-failures", member.session)).statusCode,
      ).toBe(403);
      expect((await call("GET", "/api/admin/competitions/settlement-failures")).statusCode).toBe(401);

      // Not before its delay, whichever process ticks; then again with a doubled delay.
      first.clock.advance(30_000);
      await Promise.all([runJobsOnce(first.app.ctx), runJobsOnce(second.ctx)]);
      expect((await stateOf(broken.id)).attempts).toBe(1);
      first.clock.advance(31_000);
      await runJobsOnce(second.ctx);
      const again = await stateOf(broken.id);
      expect(again.attempts).toBe(2);
      expect(again.retryAt?.getTime()).toBe(first.clock.now().getTime() + 2 * MINUTE);

      // An admin's Retry now says why it failed, and counts the try.
      const retried = await call("POST", `/api/admin/competitions/${broken.id}/settle`, admin);
      expect(retried.statusCode).toBe(409);
      expect(retried.json().message).toMatch(/^Settlement failed: injected failure for competition/);
      expect((await stateOf(broken.id)).attempts).toBe(3);
    } finally {
      await mend();
    }
    // Mended: the next try after its delay pays, and the failure is gone from the admin panel.
    first.clock.advance(4 * MINUTE + 1000);
    await Promise.all([runJobsOnce(first.app.ctx), runJobsOnce(second.ctx)]);
    expect(await fc(a.user.id)).toBe(1000);
    expect(await stateOf(broken.id)).toMatchObject({ attempts: 0, error: null, retryAt: null });
    expect(await failures(admin)).toEqual([]);
    await expectBooksBalanced(app());
  });

  it("lets an admin settle a failed competition at once, and answers 404, 409 and 403 where it must", async () => {
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const c = await buildCompetition(app(), admin, { entryFee: 10 }, HOUR, 1);
    const p = await fundedMember(app(), 10);
    expect((await call("POST", `/api/competitions/${c.id}/join`, p.session)).statusCode).toBe(200);
    const settle = (s?: Session, id = c.id) => call("POST", `/api/admin/competitions/${id}/settle`, s);
    // Not due yet.
    expect((await settle(admin)).statusCode).toBe(409);
    first.clock.advance(HOUR + 24 * HOUR + 11 * MINUTE);
    expect((await settle()).statusCode).toBe(401);
    expect((await settle(p.session)).statusCode).toBe(403);
    expect((await settle(admin, 2_000_000_000)).statusCode).toBe(404);
    expect((await settle(admin, 0)).statusCode).toBe(400);
    const res = await settle(admin);
    expect(res.statusCode, res.body).toBe(200);
    // Nobody walked: the fee goes back.
    expect(res.json().message).toBe("Settled: nobody was eligible, every entry was refunded");
    expect(await fc(p.user.id)).toBe(1000);
    expect((await settle(admin)).statusCode).toBe(409);
    // Written to the admin audit log, with what happened.
    const log = await call("GET", `/api/admin/audit-log?action=settlement.retry&targetId=${c.id}`, admin);
    expect(log.json().items).toEqual([
      expect.objectContaining({
        targetType: "competition",
        targetId: c.id,
        details: { outcome: "refunded" },
      }),
    ]);
    await expectBooksBalanced(app());
  });
});
