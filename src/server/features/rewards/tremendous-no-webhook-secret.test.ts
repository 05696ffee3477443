import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundedMember } from "../../test/factories";
import { type FakeTremendous, startFakeTremendous } from "../../test/fake-tremendous";
import { buildTestApp, type TestApp } from "../../test/test-app";
import { finishPendingRedemptions } from "./redemption.service";
import { POLL_MS, redemptionCalls, TREMENDOUS_WEBHOOK_SECRET, tremendousEnv } from "./tremendous-test-kit";

/** Tremendous without TREMENDOUS_WEBHOOK_SECRET: said at start-up, webhooks refused (503), polling delivers. */
describe("Tremendous without a webhook secret", () => {
  let fake: FakeTremendous;
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    fake = await startFakeTremendous();
    t = await buildTestApp(tremendousEnv(fake, { TREMENDOUS_WEBHOOK_SECRET: "" }), {
      logger: { level: "warn", stream: { write: (line: string) => logged.push(line) } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  const k = redemptionCalls(() => t.app);

  it("warns at start-up that webhooks are refused and polling alone learns of deliveries", () => {
    const warning = logged
      .map((line) => JSON.parse(line))
      .find((l) => /TREMENDOUS_WEBHOOK_SECRET/.test(l.msg));
    expect(warning).toMatchObject({ level: 40 });
    expect(warning.msg).toMatch(/webhooks are refused \(503\).*polling job alone/);
  });

  it("answers a webhook 503 (however it is signed) and changes nothing; the poll delivers", async () => {
    fake.mode = "pending";
    const offer = await k.activeOffer("No Secret");
    const { session } = await fundedMember(t.app, 50);
    const id = (await k.redeemFitcoins(session, offer)).json().redemption.id;
    const order = fake.order(await k.reference(id));
    fake.deliver(order.id);
    for (const secret of [TREMENDOUS_WEBHOOK_SECRET, ""]) {
      const { payload, headers } = fake.webhook(
        "REWARDS.DELIVERY.SUCCEEDED",
        { type: "rewards", id: order.reward.id },
        secret,
      );
      const res = await t.app.inject({ method: "POST", url: "/api/webhooks/tremendous", headers, payload });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().code).toBe("WEBHOOK_NOT_CONFIGURED");
    }
    expect((await k.row(id)).status).toBe("ordered");
    t.clock.advance(POLL_MS + 1);
    expect(await finishPendingRedemptions(t.app.ctx)).toBe(1);
    expect((await k.row(id)).status).toBe("fulfilled");
  });
});
