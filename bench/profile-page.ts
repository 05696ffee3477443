// `node --import tsx bench/profile-page.ts /wallet`: where a member page's main-thread time goes.
// Serves the built app (build it with `npx vite build --minify false` for readable names), signs a
// seeded member in, then loads the page cold (HTTP cache cleared) at PHONE size with the CPU slowed
// CPU_SLOWDOWN times (default 4) under the V8 sampling profiler, and prints JSON: the long tasks
// (over 50 ms), the busy stretches with the components, effects and functions in them, the self
// time by script and the functions with the most self time; STACKS_OF=<function> adds the call
// stacks into one function; BURST_MIN_MS (default 50) sets the shortest busy stretch listed. A tool
// to find what to cut for bench:lighthouse, not a benchmark.
import { chromium } from "@playwright/test";
import { serveBuiltApp } from "./support/built-app";
import { signInPageMember } from "./support/page-member";

const path = process.argv[2] ?? "/";
const burstMinMs = Number(process.env.BURST_MIN_MS ?? 50);
if (!Number.isFinite(burstMinMs) || burstMinMs <= 0)
  throw new Error(`BURST_MIN_MS must be a positive number`);
const slowdown = Number(process.env.CPU_SLOWDOWN ?? 4);
const { address, groupId, close } = await serveBuiltApp({ pageMember: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const context = await browser.newContext({
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
});
const page = await context.newPage();
await signInPageMember(page, address);
await page.goto("about:blank");

const cdp = await context.newCDPSession(page);
await cdp.send("Network.enable");
await cdp.send("Network.clearBrowserCache");
await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
await page.evaluate(() => {
  (window as unknown as { __tasks: number[] }).__tasks = [];
});
await cdp.send("Profiler.start");
const started = Date.now();
await page.goto(`${address}${path.replace(":id", String(groupId))}`, { waitUntil: "networkidle" });
const loadMs = Date.now() - started;
const longTasks = await page.evaluate(
  () =>
    new Promise<{ start: number; duration: number }[]>((resolve) => {
      const tasks: { start: number; duration: number }[] = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          tasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
      }).observe({ type: "longtask", buffered: true });
      setTimeout(() => resolve(tasks), 100);
    }),
);
const lcp = await page.evaluate(
  () =>
    new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        const all = list.getEntries();
        resolve(Math.round(all[all.length - 1].startTime));
      }).observe({ type: "largest-contentful-paint", buffered: true });
      setTimeout(() => resolve(-1), 500);
    }),
);
const { profile } = await cdp.send("Profiler.stop");

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const nodes = new Map<number, Node>((profile.nodes as Node[]).map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
const deltas = profile.timeDeltas ?? [];
(profile.samples ?? []).forEach((id: number, i: number) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i] ?? 0));
});
const byScript = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  if (functionName === "(idle)" || functionName === "(program)") continue;
  const script = url.replace(address, "") || functionName;
  byScript.set(script, (byScript.get(script) ?? 0) + us);
  const key = `${functionName || "(anonymous)"} ${script}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
// STACKS_OF=<function name>: the call stacks that spent the most self time in that function.
const stacksOf = process.env.STACKS_OF;
const parents = new Map<number, number>();
for (const n of nodes.values()) for (const c of n.children ?? []) parents.set(c, n.id);
const stacks = new Map<string, number>();
if (stacksOf) {
  for (const [id, us] of selfUs) {
    if (nodes.get(id)!.callFrame.functionName !== stacksOf) continue;
    const frames: string[] = [];
    for (let at: number | undefined = id; at !== undefined && frames.length < 12; at = parents.get(at)) {
      const f = nodes.get(at)!.callFrame;
      frames.push(`${f.functionName || "(anonymous)"}:${f.lineNumber + 1}`);
    }
    const key = frames.join(" < ");
    stacks.set(key, (stacks.get(key) ?? 0) + us);
  }
}
// The busy stretches (samples outside idle with no idle gap over 1 ms) of 50 ms or more: when they
// started after the profile began, and the React components (capitalised frames) and scripts in them.
const bursts: { atMs: number; ms: number; components: [string, number][] }[] = [];
{
  let t = 0;
  let current: { at: number; end: number; us: number; comps: Map<string, number> } | null = null;
  const flush = () => {
    if (current && current.us >= burstMinMs * 1000) {
      bursts.push({
        atMs: Math.round(current.at / 1000),
        ms: Math.round(current.us / 1000),
        components: [...current.comps]
          .sort((a, b) => b[1] - a[1])
          .slice(0, Number(process.env.BURST_TOP ?? 8))
          .map(([k, us]) => [k, Math.round(us / 1000)] as [string, number]),
      });
    }
    current = null;
  };
  (profile.samples ?? []).forEach((id: number, i: number) => {
    const dt = deltas[i] ?? 0;
    t += dt;
    const name = nodes.get(id)!.callFrame.functionName;
    if (name === "(idle)" || name === "(program)") {
      if (current && t - current.end > 1000) flush();
      return;
    }
    current ??= { at: t, end: t, us: 0, comps: new Map() };
    current.end = t;
    current.us += dt;
    const seen = new Set<string>();
    // How the work was entered: the outermost frame below the root and React's entry point.
    const chain: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at))
      chain.push(nodes.get(at)!.callFrame.functionName);
    const react = chain.find((n) =>
      /^(performWorkOnRoot|performSyncWorkOnRoot|flushSyncWorkAcrossRoots|commitRoot|flushPassiveEffects|flushPendingEffects)/.test(
        n,
      ),
    );
    const entry = `> ${chain[chain.length - 2] || "?"}${react ? ` / ${react}` : ""}`;
    current.comps.set(entry, (current.comps.get(entry) ?? 0) + dt);
    const leaf = nodes.get(id)!.callFrame;
    const leafKey = `self ${leaf.functionName || "(anonymous)"} ${leaf.url.replace(/.*\//, "")}:${leaf.lineNumber + 1}`;
    current.comps.set(leafKey, (current.comps.get(leafKey) ?? 0) + dt);
    // An effect's own function: the frame called by commitHookEffectListMount.
    const mountAt = chain.findIndex((n) => n === "commitHookEffectListMount");
    if (mountAt > 0) {
      const effectFrame = nodes.get(id)!;
      let at: number | undefined = id;
      for (let k = 0; k < mountAt - 1 && at !== undefined; k++) at = parents.get(at);
      const f = at !== undefined ? nodes.get(at)!.callFrame : effectFrame.callFrame;
      const key = `effect ${f.functionName || "(anonymous)"} ${f.url.replace(/.*\//, "")}:${f.lineNumber + 1}`;
      current.comps.set(key, (current.comps.get(key) ?? 0) + dt);
    }
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const f = nodes.get(at)!.callFrame;
      const label = /^[A-Z]/.test(f.functionName)
        ? f.functionName
        : f.url && !f.url.includes("/index-")
          ? f.url.replace(/.*\//, "")
          : null;
      if (label && !seen.has(label)) {
        seen.add(label);
        current.comps.set(label, (current.comps.get(label) ?? 0) + dt);
      }
    }
  });
  flush();
}
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => [k, Math.round(us / 1000)]);
console.log(
  JSON.stringify(
    {
      path,
      cpuSlowdown: slowdown,
      loadMs,
      lcpMs: lcp,
      longTasks,
      longTaskMs: longTasks.reduce((s, t) => s + t.duration, 0),
      bursts,
      selfMsByScript: top(byScript, 12),
      selfMsByFunction: top(byFunction, 40),
      ...(stacksOf ? { stacks: top(stacks, 8) } : {}),
    },
    null,
    1,
  ),
);
await browser.close();
await close();
