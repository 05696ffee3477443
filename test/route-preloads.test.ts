import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { pageModules } from "../scripts/route-preloads";
import { activeRoutes } from "../src/web/app/route-table";

const pagesFile = fileURLToPath(new URL("../src/web/app/pages.ts", import.meta.url));

describe("the build's route preloads", () => {
  it("find the module of every screen a member's route reaches in the page table", () => {
    const modules = pageModules(pagesFile);
    for (const { page } of activeRoutes) {
      const module = modules.get(page);
      expect(module, page).toBeDefined();
      expect(existsSync(`${module}.tsx`), `${module}.tsx`).toBe(true);
    }
    expect(modules.get("wallet")).toMatch(/features\/wallet\/pages\/wallet-page$/);
  });
});
