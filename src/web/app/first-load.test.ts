import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// What a member page loads before its first screen: the modules it imports statically (not
// `import type`, not `import()`), and theirs. Forms' rules (zod) and the form library belong to the
// dialogs, loaded when one opens (components/ui/lazy-dialog.tsx): on a phone they cost a page's
// first screen a third of its download and a long task of parsing (bench:lighthouse, issue 32).

const web = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const src = resolve(web, "..");
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?["']([^"']+)["']/gm;

function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return `package:${specifier}`;
  const base = resolve(dirname(from), specifier);
  for (const suffix of [".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    if (existsSync(`${base}${suffix}`)) return `${base}${suffix}`;
  }
  return null;
}

/** Every module the file loads before it runs, with the chain that reaches each. */
function firstLoad(file: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[file, [file]]]);
  const queue = [file];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (next.startsWith("package:")) continue;
    const source = readFileSync(next, "utf8");
    for (const [, specifier] of source.matchAll(STATIC_IMPORT)) {
      const found = resolveModule(next, specifier);
      if (found === null || chains.has(found)) continue;
      chains.set(found, [...(chains.get(next) ?? []), found]);
      queue.push(found);
    }
  }
  return chains;
}

const memberPages = [
  "features/dashboard/pages/mobile-dashboard-page.tsx",
  "features/dashboard/pages/desktop-dashboard-page.tsx",
  "features/competitions/pages/competitions-page.tsx",
  "features/wallet/pages/wallet-page.tsx",
  "features/groups/pages/groups-page.tsx",
  "features/groups/pages/group-detail-page.tsx",
  "features/points/pages/points-page.tsx",
  "features/redeem/pages/redeem-page.tsx",
  "features/profile/pages/profile-page.tsx",
  "features/notifications/pages/notifications-page.tsx",
  "components/layout/app-shell.tsx",
  "main.tsx",
  "start.tsx",
];

describe("a member page's first load", () => {
  it.each(memberPages)("%s loads neither zod nor the form library before its first screen", (page) => {
    const chains = firstLoad(join(web, page));
    const heavy = ["package:zod", "package:react-hook-form", "package:@hookform/resolvers/zod"]
      .filter((name) => chains.has(name))
      .map((name) => (chains.get(name) ?? []).map((f) => f.replace(`${src}/`, "")).join(" -> "));
    expect(heavy).toEqual([]);
  });

  it("follows `export ... from` and plain imports, and skips `import type` and `import()`", () => {
    const dir = mkdtempSync(join(tmpdir(), "first-load-"));
    try {
      writeFileSync(
        join(dir, "page.ts"),
        [
          'import type { z } from "zod";',
          'export { helper } from "./helper";',
          'const later = () => import("date-fns");',
        ].join("\n"),
      );
      writeFileSync(join(dir, "helper.ts"), 'import "react-hook-form";\nexport const helper = 1;');
      const chains = firstLoad(join(dir, "page.ts"));
      expect(chains.has(join(dir, "helper.ts"))).toBe(true);
      expect(chains.get("package:react-hook-form")).toEqual([
        join(dir, "page.ts"),
        join(dir, "helper.ts"),
        "package:react-hook-form",
      ]);
      expect(chains.has("package:zod")).toBe(false);
      expect(chains.has("package:date-fns")).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
