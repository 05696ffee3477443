// `npm test` must pass on a fresh clone with nothing beside it: no test, journey or test script may
// read the `../shared` folder that only the developers' machines and CI have.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const TEST_TREES = ["src", "e2e", "test", "scripts"];
const TEST_CONFIGS = ["vitest.config.ts", "playwright.config.ts", "package.json"];
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|json)$/;
/** `../shared`, `..\shared`, or the pieces joined by a path call: `"..", "shared"`. */
const OUTSIDE = /\.\.[\\/]+shared(?![\w-])|["'`]\.\.["'`]\s*,\s*["'`]shared["'`]/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === "node_modules" || name.startsWith(".")) return [];
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : SOURCE.test(name) ? [full] : [];
  });
}

describe("tests stand on their own", () => {
  it("the pattern catches every way of naming the folder", () => {
    for (const text of [
      'path.resolve("../shared/data")',
      "readFileSync('..\\\\shared\\\\x')",
      'path.join("..", "shared", "data")',
    ])
      expect(text, text).toMatch(OUTSIDE);
    expect('import { x } from "../shared-ui"').not.toMatch(OUTSIDE);
  });

  it("no test, journey, test script or test configuration refers to ../shared", () => {
    const files = [
      ...TEST_TREES.flatMap((tree) => filesUnder(path.join(ROOT, tree))),
      ...TEST_CONFIGS.map((f) => path.join(ROOT, f)),
    ].filter((f) => f !== import.meta.filename);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files
      .filter((f) => OUTSIDE.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
