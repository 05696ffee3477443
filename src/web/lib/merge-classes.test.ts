import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { mergeClasses } from "./merge-classes";

/** A word tailwind-merge takes for a utility: it drops the first of two equal ones. */
const isUtility = (word: string) => twMerge(`${word} ${word}`) === word;

/**
 * Every word of the string literals in src/web that hold at least one utility: the classes the
 * app writes (Tailwind finds them the same way), with the odd word of a sentence that has one.
 */
function classWords(dir: string, words = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) classWords(path, words);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.|^merge-classes\./.test(entry.name)) {
      for (const match of readFileSync(path, "utf8").matchAll(/"([^"\n]*)"|`([^`]*)`|'([^'\n]*)'/g)) {
        const literal = (match[1] ?? match[2] ?? match[3] ?? "").split(/\s+/);
        // Quotes, braces and `$` belong to code inside a template literal, not to a class.
        const found = literal.filter((word) => word && !/["'`{}$]/.test(word));
        if (found.some(isUtility)) for (const word of found) words.add(word);
      }
    }
  }
  return words;
}

const words = [...classWords(join(import.meta.dirname, ".."))];
const utilities = words.filter(isUtility);

/** The variants of a class, in any order (`hover:md:` and `md:hover:` alike); "" for none. */
function variantsOf(className: string): string {
  const parts = className.split(/:(?![^[]*\])/);
  return parts.slice(0, -1).sort().join(":");
}

/** Classes with different variants never override each other, so only same-variant pairs are tried. */
const byVariants = new Map<string, string[]>();
for (const utility of utilities) {
  const variants = variantsOf(utility);
  byVariants.set(variants, [...(byVariants.get(variants) ?? []), utility]);
}

describe("mergeClasses", () => {
  it("finds the app's classes", () => {
    expect(utilities.length).toBeGreaterThan(500);
  });

  it("treats every word of the source as tailwind-merge does when repeated", () => {
    const differing = words.filter((word) => mergeClasses(`${word} ${word}`) !== twMerge(`${word} ${word}`));
    expect(differing).toEqual([]);
  });

  it("gives tailwind-merge's answer for every ordered pair of the app's classes with the same variants", () => {
    const differing: string[] = [];
    for (const [variants, group] of byVariants) {
      // The first word of every other variant group, to see that it is kept beside this group.
      const others = [...byVariants].filter(([v]) => v !== variants).map(([, g]) => g[0]);
      for (const [first, second] of group.flatMap((a) => [...group, ...others].map((b) => [a, b]))) {
        const classes = `${first} ${second}`;
        const expected = twMerge(classes);
        if (mergeClasses(classes) !== expected) differing.push(`${classes} -> ${expected}`);
      }
    }
    expect(differing.slice(0, 40)).toEqual([]);
  });

  it("keeps unknown classes and the order of the kept ones", () => {
    expect(mergeClasses("peer size-9 shrink-0 group size-8")).toBe("peer shrink-0 group size-8");
    expect(mergeClasses("  p-5 pt-0  text-lg text-slate-900 ")).toBe("p-5 pt-0 text-lg text-slate-900");
  });
});
