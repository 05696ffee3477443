import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import {
  givePagesPrecedence,
  pagePrecedenceUnavailable,
  processTree,
  runsPages,
} from "../bench/support/page-precedence";

/** A process's scheduling policy as `chrt` names it ("SCHED_OTHER", "SCHED_RR"), and its priority. */
function scheduling(pid: number) {
  const said = execFileSync("chrt", ["-p", String(pid)], { encoding: "utf8" });
  return { policy: /policy: (\w+)/.exec(said)?.[1], priority: Number(/priority: (\d+)/.exec(said)?.[1]) };
}

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
    let browser: ChildProcess | null = null;
    afterEach(() => {
      // Its children exit with it (they wait on its stdin).
      browser?.kill();
      browser = null;
    });
    /**
     * A stand-in for Chromium: a process whose last argument is its flag, which starts one child
     * per flag in `children` (each idle until its parent exits) and prints their pids.
     */
    async function startBrowser(children: string[]): Promise<{ pid: number; children: number[] }> {
      const script = `
        const { spawn } = require("node:child_process");
        const flags = JSON.parse(process.argv.at(-2));
        const pids = flags.map((flag) =>
          spawn(process.execPath, ["-e", "process.stdin.resume()", "--", flag], { stdio: ["pipe", "ignore", "ignore"] }).pid);
        console.log(JSON.stringify(pids));
        setTimeout(() => {}, 30_000);`;
      browser = spawn(process.execPath, ["-e", script, "--", JSON.stringify(children), "--headless=new"], {
        stdio: ["ignore", "pipe", "ignore"],
      });
      const line = await new Promise<string>((resolve) =>
        browser?.stdout?.once("data", (d) => resolve(String(d))),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { pid: browser.pid as number, children: JSON.parse(line) };
    }

    it.runIf(process.platform === "linux")(
      "puts the renderers first, then the rest of the browser, before the host's other processes (or says why not)",
      async () => {
        const chromium = await startBrowser(["--type=renderer", "--type=zygote", "--type=gpu-process"]);
        const [renderer, zygote, gpu] = chromium.children;
        expect(scheduling(renderer)).toEqual({ policy: "SCHED_OTHER", priority: 0 });

        const changed = givePagesPrecedence(chromium.pid);
        if (changed === null) {
          // A user without the right to it: nothing changed, and the report says why.
          expect(pagePrecedenceUnavailable()).toMatch(/not permitted|no chrt|PAGE_PRECEDENCE/);
          expect(scheduling(renderer)).toEqual({ policy: "SCHED_OTHER", priority: 0 });
          return;
        }
        expect(changed).toBe(4);
        expect(scheduling(renderer)).toEqual({ policy: "SCHED_RR", priority: 2 });
        expect(scheduling(zygote)).toEqual({ policy: "SCHED_RR", priority: 2 });
        expect(scheduling(gpu)).toEqual({ policy: "SCHED_RR", priority: 1 });
        expect(scheduling(chromium.pid)).toEqual({ policy: "SCHED_RR", priority: 1 });
        // The benchmark itself (and so the app's server it starts) stays an ordinary process.
        expect(scheduling(process.pid)).toEqual({ policy: "SCHED_OTHER", priority: 0 });
      },
    );
  });
});
