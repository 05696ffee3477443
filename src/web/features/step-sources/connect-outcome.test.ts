import { describe, expect, it } from "vitest";
import { connectOutcome, lastSyncText } from "./api";

describe("what the watch's vendor sent the member back with (issue 33)", () => {
  it("says each outcome in words, naming the vendor", () => {
    expect(connectOutcome("?stepSource=withings&result=connected")).toMatchObject({
      title: "Withings Connected",
      ok: true,
    });
    expect(connectOutcome("?stepSource=withings&result=taken")?.description).toBe(
      "That Withings account is already connected to another StepRace member.",
    );
    expect(connectOutcome("?stepSource=withings&result=denied")).toMatchObject({ ok: false });
  });

  it("says nothing for any other page address", () => {
    expect(connectOutcome("")).toBeNull();
    expect(connectOutcome("?stepSource=withings")).toBeNull();
    expect(connectOutcome("?stepSource=withings&result=unheard-of")).toBeNull();
  });
});

describe("a watch's last sync, in words", () => {
  it("says when it last synced, or that the first sync is on its way", () => {
    expect(lastSyncText({ lastSyncAt: new Date().toISOString() })).toBe("last synced just now");
    expect(lastSyncText({ lastSyncAt: null })).toBe("first sync on its way");
  });
});
