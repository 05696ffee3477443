// The page being measured runs first, as on the phone Lighthouse emulates, where it has a core of
// its own. On this host the benchmark and Lighthouse, the app's server and its TLS front, and
// Chromium's own processes (the browser, its GPU and network services, its tracing service, which
// carry the trace's events and draw and encode its screenshots) share the cores with the page's
// renderer; the renderer then waits in the middle of its tasks, and Lighthouse's simulation
// multiplies each wait by the calibrated CPU slowdown as if it were the page's work (at 13x a
// 20 ms wait is 260 ms of blocking time). A phone runs none of them on the page's core.
// So Chromium runs under the round-robin real-time policy, before any ordinary process (the
// benchmark, Lighthouse, the app's server and its front): its renderers, and the zygote they are
// forked from (so every renderer started after, the page's own at navigation, inherits it), at
// priority 2; the browser and its services (GPU, network, storage, tracing) at 1, since the page
// also waits for them in its tasks (synchronous calls: storage, cookies, fonts). What a phone runs
// is Chromium; the rest is this host's. The calibration's BenchmarkIndex is measured in a renderer,
// so under the same policy as the page.
// With the renderers alone first (the browser ordinary), the page's main thread hardly waited for
// a core (7 ms in 1.5 s) but its tasks still stopped on the starved browser: 40-80 % of their wall
// time on the CPU, /points 92 in two runs of three.
// Merely holding the others to the other cores (taskset) made it worse here: the renderer's own
// threads (compositor, raster, V8's workers) then queued on its core with it, and it ran 12-17 % of
// its long tasks' wall time instead of 22-45 %.
// Linux only, with util-linux's `chrt`, as root or with CAP_SYS_NICE; elsewhere nothing changes and
// the report says why (pagePrecedence). PAGE_PRECEDENCE=0 turns it off, for comparison.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { platform } from "node:os";

/** Chromium's processes that run pages: its renderers, and the zygote that forks them. */
const PAGE_PROCESSES = ["--type=renderer", "--type=zygote"];

/** Each process's parent, from /proc. */
function parents(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      byPid.set(Number(entry), ppid);
    } catch {
      // Gone since the listing.
    }
  }
  return byPid;
}

/** `root` and every process below it. */
export function processTree(root: number, byPid: Map<number, number> = parents()): number[] {
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, ppid] of byPid) if (ppid === tree[i]) tree.push(pid);
  }
  return tree;
}

/**
 * Whether a process is one of Chromium's renderers or its zygote, by its command line: the
 * arguments apart (NUL) or, as Chromium rewrites it for its process title, joined by spaces.
 */
export function runsPages(commandLine: string): boolean {
  const args = commandLine.split(/[\0 ]/);
  return PAGE_PROCESSES.some((flag) => args.includes(flag));
}

/** Puts every thread of `pid` under the round-robin real-time policy at `priority`; false when refused. */
function toRealTime(pid: number, priority: number): boolean {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return true; // Exited meanwhile.
  }
  for (const tid of threads) {
    try {
      execFileSync("chrt", ["--rr", "--pid", String(priority), tid], { stdio: "pipe" });
    } catch (error) {
      const stderr = String((error as { stderr?: Buffer }).stderr ?? "");
      if (/not permitted/i.test(stderr)) return false;
      // Otherwise the thread ended meanwhile.
    }
  }
  return true;
}

/** The renderers first, then the rest of Chromium, then everything else. */
const PAGES_PRIORITY = 2;
const BROWSER_PRIORITY = 1;

let refused = false;

/** Why the page cannot run first here, or null when it can. */
export function pagePrecedenceUnavailable(): string | null {
  if (process.env.PAGE_PRECEDENCE === "0") return "PAGE_PRECEDENCE=0";
  if (platform() !== "linux") return "not Linux";
  if (!["/usr/bin/chrt", "/bin/chrt"].some(existsSync)) return "no chrt (util-linux)";
  if (refused) return "not permitted (needs root or CAP_SYS_NICE)";
  return null;
}

/**
 * Gives the browser started as `browserPid` and every process below it the real-time policy, the
 * renderers and the zygote above the rest (the top comment). Called once the browser is up, before
 * anything loads in it. Returns how many processes were changed, or null when unavailable
 * (pagePrecedenceUnavailable).
 */
export function givePagesPrecedence(browserPid: number): number | null {
  if (pagePrecedenceUnavailable()) return null;
  let changed = 0;
  for (const pid of processTree(browserPid)) {
    let commandLine: string;
    try {
      commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    } catch {
      continue;
    }
    if (!toRealTime(pid, runsPages(commandLine) ? PAGES_PRIORITY : BROWSER_PRIORITY)) {
      refused = true;
      return null;
    }
    changed++;
  }
  return changed;
}
