import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTremendous, startFakeTremendous } from "../test/fake-tremendous";
import { GiftCardNoAnswerError } from "./provider";
import { createTremendousProvider, TREMENDOUS_LATE_ORDER_MARGIN_MS } from "./tremendous";

/** The provider alone against the fake: reads change nothing, and no operation outlives its deadline. */
describe("the Tremendous provider", () => {
  let fake: FakeTremendous;
  beforeAll(async () => {
    fake = await startFakeTremendous();
  });
  afterAll(() => fake.close());
  const provider = (deadlineMs?: number) =>
    createTremendousProvider(
      { apiKey: fake.apiKey, apiUrl: fake.url, fundingSourceId: "balance", campaignId: "CAMPAIGN1" },
      { deadlineMs },
    );
  const order = (reference: string) => ({
    reference,
    brand: "Amazon",
    valueCents: 5000,
    recipientName: "Ann Member",
    recipientEmail: "ann@example.test",
    productId: null,
  });

  it("a lookup only reads: a failed delivery is reported (hold), never cancelled by reading it", async () => {
    fake.mode = "pending";
    const placed = await (await provider()).issue(order("ref-lookup-1"));
    expect(placed).toMatchObject({ status: "pending", hold: "approval", recipientEmail: "ann@example.test" });
    fake.failDelivery("ref-lookup-1");
    const before = fake.requests.length;
    const state = await (await provider()).lookup(
      { reference: "ref-lookup-1", orderId: null },
      { withLink: true },
    );
    expect(state).toMatchObject({ status: "pending", hold: "delivery_failed", valueCents: 5000 });
    expect(fake.requests.slice(before).map((r) => r.method)).toEqual(["GET"]);
    expect(fake.order("ref-lookup-1").status).toBe("EXECUTED");
  });

  it("an answer that never comes: the operation gives up at its deadline, as an unclear failure", async () => {
    fake.mode = "deliver";
    fake.delayMs = 5_000;
    try {
      const started = Date.now();
      const issuing = (await provider(300)).issue(order("ref-deadline-1"));
      await expect(issuing).rejects.toThrow(/Tremendous unreachable/);
      // No answer: the order may still be made, which a refund waits for (issue 29).
      await expect(issuing).rejects.toBeInstanceOf(GiftCardNoAnswerError);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      fake.delayMs = 0;
    }
    expect((await provider(300)).lateOrderMs).toBe(300 + TREMENDOUS_LATE_ORDER_MARGIN_MS);
  });

  it("an error Tremendous answers with is not taken as no answer", async () => {
    fake.down = true;
    try {
      const issuing = (await provider()).issue(order("ref-down-1"));
      await expect(issuing).rejects.toThrow(/Tremendous 503/);
      await expect(issuing).rejects.not.toBeInstanceOf(GiftCardNoAnswerError);
    } finally {
      fake.down = false;
    }
  });
});
