import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { settle, setup } from "./step-tracker-test-kit";

describe("step tracker sync errors", () => {
  it("sends a member without a subscription to /subscribe and keeps the steps", async () => {
    const t = setup({
      failWith: new ApiError(403, "Active subscription required", { code: "SUBSCRIPTION_REQUIRED" }),
    });
    t.tracker.addSteps(2);
    await t.tracker.sync();
    expect(t.events.subscriptionRequired).toHaveBeenCalledOnce();
    expect(t.tracker.getState().stepsSinceLastSync).toBe(2);
  });

  it("after a failed sync, new steps wait for the 30 s timer instead of a request per step", async () => {
    const t = setup({ failWith: new TypeError("Failed to fetch") });
    t.tracker.init();
    await t.tracker.start();
    await t.step(5);
    await vi.waitFor(() => expect(t.sent).toHaveLength(1));
    await t.step(10);
    expect(t.sent).toHaveLength(1);
    expect(t.events.localMode).toHaveBeenCalledOnce();
    t.advance(30_001);
    await t.step(1);
    await vi.waitFor(() => expect(t.sent).toHaveLength(2));
    expect(t.tracker.getState().stepsSinceLastSync).toBe(16);
  });

  it("reports a sync once when several callers share it", async () => {
    const t = setup();
    t.tracker.addSteps(2);
    await Promise.all([t.tracker.sync(), t.tracker.sync(), t.tracker.sync()]);
    expect(t.events.synced).toHaveBeenCalledOnce();
    expect(t.events.queueChanged).toHaveBeenCalledOnce();
  });

  it("falls back to Local Mode when not signed in", async () => {
    const t = setup({ failWith: new ApiError(401, "Authentication required") });
    t.tracker.addSteps(1);
    await t.tracker.sync();
    expect(t.events.localMode).toHaveBeenCalledOnce();
    expect(t.events.synced).not.toHaveBeenCalled();
  });

  it("keeps no steps counted while nobody is signed in, and sends the member's own once back", async () => {
    let member: number | null = 42;
    const t = setup({ member: () => member });
    member = null;
    t.tracker.addSteps(4);
    await settle();
    expect(t.tracker.getState().stepsSinceLastSync).toBe(0);
    await t.tracker.sync();
    expect(t.sent).toEqual([]);
    member = 42;
    t.tracker.addSteps(2);
    await t.tracker.sync();
    expect(t.sent).toEqual([expect.objectContaining({ owner: 42, steps: 2 })]);
  });

  it("keeps the steps and reads the signed-in member again when the session is someone else's", async () => {
    const t = setup({
      failWith: new ApiError(409, "These steps were counted for another member", {
        code: "STEPS_OF_ANOTHER_MEMBER",
      }),
    });
    t.tracker.addSteps(3);
    await t.tracker.sync();
    expect(t.events.memberChanged).toHaveBeenCalledOnce();
    expect(t.events.refused).not.toHaveBeenCalled();
    expect(t.tracker.getState().stepsSinceLastSync).toBe(3);
  });

  it("tells the member when the server refuses steps, and drops them", async () => {
    const t = setup({
      failWith: new ApiError(422, "These steps could not be counted", { code: "IMPLAUSIBLE_STEPS" }),
    });
    t.tracker.addSteps(3);
    await t.tracker.sync();
    expect(t.events.refused).toHaveBeenCalledWith("These steps could not be counted");
    expect(t.tracker.getState().stepsSinceLastSync).toBe(0);
  });
});
