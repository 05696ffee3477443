import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { pageModules } from "../scripts/page-modules";
import { activeRoutes, anonymousRoutes, infoRoutes } from "../src/web/app/route-table";

// The build tells the screens apart by the route tables' names (vite.config.ts): each name must
// lead to its module, read from the page table's source.
const table = resolve(__dirname, "../src/web/app/pages.ts");
const modules = pageModules(readFileSync(table, "utf8"), table);

describe("the page table's modules", () => {
  it("every screen the route tables name has its module, and the file is there", () => {
    const named = new Set([...anonymousRoutes, ...infoRoutes, ...activeRoutes].map((r) => r.page));
    for (const page of named) {
      const module = modules.get(page);
      expect(module, page).toBeDefined();
      expect(existsSync(module as string), `${page}: ${module}`).toBe(true);
    }
  });

  it("reads a name, its import and the module's absolute path", () => {
    const source = `export const pages = {\n  wallet: page(\n    () => import("../features/wallet/pages/wallet-page"),\n    (m) => m.WalletPage,\n  ),\n};`;
    expect([...pageModules(source, "/app/src/web/app/pages.ts")]).toEqual([
      ["wallet", "/app/src/web/features/wallet/pages/wallet-page.tsx"],
    ]);
  });
});
