import { describe, expect, it } from "vitest";
import { createTurns } from "./turns";

/** Lets every settled promise's reactions run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("turns taken one after another (the lower parts of a screen, shown a commit at a time)", () => {
  it("makes each turn wait until the one before is done, then for the wait between", async () => {
    const log: string[] = [];
    const takeTurn = createTurns(async () => {
      log.push("between");
    });
    const first = takeTurn();
    const second = takeTurn();
    const third = takeTurn();
    void first.ready.then(() => log.push("first"));
    void second.ready.then(() => log.push("second"));
    void third.ready.then(() => log.push("third"));
    await settle();
    expect(log).toEqual(["between", "first"]);
    first.done();
    await settle();
    expect(log).toEqual(["between", "first", "between", "second"]);
    second.done();
    second.done();
    await settle();
    expect(log).toEqual(["between", "first", "between", "second", "between", "third"]);
  });

  it("lets the next turn go when a holder leaves before its turn came (done early)", async () => {
    const takeTurn = createTurns(() => Promise.resolve());
    const first = takeTurn();
    const left = takeTurn();
    const last = takeTurn();
    let lastReady = false;
    void last.ready.then(() => {
      lastReady = true;
    });
    left.done();
    await settle();
    expect(lastReady).toBe(false);
    first.done();
    await settle();
    expect(lastReady).toBe(true);
  });
});
