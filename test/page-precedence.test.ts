import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import {
  givePagesPrecedence,
  pagePrecedenceUnavailable,
  processTree,
  runsPages,
} from "../bench/support/page-precedence";

/** A process's scheduling policy as `chrt` names it ("SCHED_OTHER", "SCHED_RR"). */
const policy = (pid: number) =>
  /policy: (\w+)/.exec(execFileSync("chrt", ["-p", String(pid)], { encoding: "utf8" }))?.[1];

describe("the page runs first (bench:lighthouse)", () => {
  it("walks a process and everything below it", () => {
    const parents = new Map([
      [10, 1],
      [11, 10],
      [12, 11],
      [13, 10],
      [20, 1],
    ]);
    expect(processTree(10, parents).sort()).toEqual([10, 11, 12, 13]);
    expect(processTree(12, parents)).toEqual([12]);
  });

  it("knows Chromium's renderers and zygote by their command line", () => {
    const line = (...args: string[]) => args.join("\0");
    expect(runsPages(line("/usr/lib/chromium/chromium", "--type=renderer", "--lang=en"))).toBe(true);
    expect(runsPages(line("/usr/lib/chromium/chromium", "--type=zygote", "--no-zygote-sandbox"))).toBe(true);
    // Chromium rewrites its command line as its process title, the arguments joined by spaces.
    expect(runsPages("/usr/lib/chromium/chromium --type=renderer --lang=en")).toBe(true);
    expect(runsPages("/usr/lib/chromium/chromium --type=gpu-process --enable-logging")).toBe(false);
    expect(
      runsPages(line("/usr/lib/chromium/chromium", "--type=utility", "--utility-sub-type=network")),
    ).toBe(false);
    expect(runsPages(line("/usr/lib/chromium/chromium", "--headless=new"))).toBe(false);
    // A flag's text inside another argument is not the flag.
    expect(runsPages(line("node", "--title=--type=renderer"))).toBe(false);
  });

  describe("on this host", () => {
    const children: ChildProcess[] = [];
    afterEach(() => {
      for (const child of children.splice(0)) child.kill();
    });
    /** An idle process whose last argument stands for Chromium's flags. */
    const start = (flag: string) => {
      const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30_000)", "--", flag], {
        stdio: "ignore",
      });
      children.push(child);
      return child.pid as number;
    };

    it.runIf(process.platform === "linux")(
      "puts the renderers and the zygote, not the browser, before the host's other processes (or says why not)",
      async () => {
        const browser = start("--headless=new");
        const renderer = start("--type=renderer");
        const zygote = start("--type=zygote");
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(policy(renderer)).toBe("SCHED_OTHER");

        const changed = givePagesPrecedence();
        if (changed === null) {
          // A user without the right to it: nothing changed, and the report says why.
          expect(pagePrecedenceUnavailable()).toMatch(/not permitted|no chrt|PAGE_PRECEDENCE/);
          expect(policy(renderer)).toBe("SCHED_OTHER");
          return;
        }
        expect(changed).toBe(2);
        expect(policy(renderer)).toBe("SCHED_RR");
        expect(policy(zygote)).toBe("SCHED_RR");
        expect(policy(browser)).toBe("SCHED_OTHER");
        expect(policy(process.pid)).toBe("SCHED_OTHER");
      },
    );
  });
});
