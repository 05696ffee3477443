import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once";

describe("loadOnce", () => {
  it("shares one load between callers, and tries afresh after one that failed", async () => {
    let calls = 0;
    const answers: Array<() => Promise<string>> = [
      () => Promise.reject(new Error("chunk fetch failed")),
      () => Promise.resolve("menu"),
    ];
    const get = loadOnce(() => answers[calls++]());
    await expect(Promise.all([get(), get()])).rejects.toThrow("chunk fetch failed");
    expect(calls).toBe(1);
    expect(await Promise.all([get(), get()])).toEqual(["menu", "menu"]);
    expect(await get()).toBe("menu");
    expect(calls).toBe(2);
  });
});
