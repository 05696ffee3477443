// Which module each screen of the page table (src/web/app/pages.ts) is, read from its source: the
// build's code-splitting groups (scripts/member-chunk.ts) tell the visitors' screens from the
// members' by the route tables, and need the files behind the names. The page table must keep
// its shape: `name: page(() => import("path"), ...)`.
import path from "node:path";

const ENTRY = /^\s{2}(\w+): page\(\s*\(\) => import\("([^"]+)"\)/gm;

/** Each screen's name and its module's absolute path (`.tsx`), from the page table's source. */
export function pageModules(pageTableSource: string, pageTableFile: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const [, name, specifier] of pageTableSource.matchAll(ENTRY)) {
    modules.set(name, `${path.resolve(path.dirname(pageTableFile), specifier)}.tsx`);
  }
  return modules;
}
