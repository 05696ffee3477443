// The build's route-preloads.json (written by the plugin below, read by src/server/http/static.ts):
// for each member screen, the chunks its first render needs beyond the entry (its own, the ones it
// imports statically, and the members' layout's), so that the server can name them in the page
// it sends. Without them a phone asks for a screen's code only once the entry has downloaded and
// run, a round trip or two later on a mobile network (bench:lighthouse: the wallet's LCP 250 ms
// earlier with them).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from "../src/server/http/route-preloads";

/** Screen name to the module it loads, read from the page table (`name: page(() => import("..."))`). */
export function pageModules(pagesFile: string): Map<string, string> {
  const source = readFileSync(pagesFile, "utf8");
  const modules = new Map<string, string>();
  for (const [, name, specifier] of source.matchAll(/(\w+): page\(\s*\(\) => import\("([^"]+)"\)/g)) {
    modules.set(name, path.resolve(path.dirname(pagesFile), specifier));
  }
  return modules;
}

interface BuiltChunk {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  moduleIds: readonly string[];
  imports: string[];
}

/** A built bundle's chunks as the helpers below read them. */
type Chunks = readonly Pick<BuiltChunk, "fileName" | "moduleIds" | "imports">[];

/** The chunk holding `module` (an absolute path), if the build has one. */
export function chunkOf<C extends Chunks[number]>(chunks: readonly C[], module: string): C | undefined {
  const wanted = path.normalize(module);
  return chunks.find((chunk) => chunk.moduleIds.some((id) => path.normalize(id) === wanted));
}

/** `fileName` and every chunk it imports statically, directly or not, added to `into`. */
export function chunkClosure(chunks: Chunks, fileName: string, into = new Set<string>()): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const add = (file: string) => {
    if (into.has(file)) return;
    into.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) add(imported);
  };
  add(fileName);
  return into;
}

/**
 * Writes route-preloads.json for the screens of `pagesFile` that `routes` reach, and for the
 * layout module `shellModule`.
 */
export function routePreloads(options: {
  pagesFile: string;
  shellModule: string;
  /** The module the entry imports to run the app: index.html preloads its chunks with the entry's. */
  startModule: string;
  routes: readonly { pattern: string; page: string; shell: boolean }[];
}): Plugin {
  return {
    name: "steprace:route-preloads",
    apply: "build",
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is BuiltChunk & typeof item => item.type === "chunk",
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error("route-preloads: the build has no entry chunk");
      // What index.html loads: the entry, the app it starts, and what both import.
      const start = chunkOf(chunks, options.startModule);
      if (!start) throw new Error("route-preloads: no chunk for the app's start module");
      const loaded = chunkClosure(chunks, start.fileName, chunkClosure(chunks, entry.fileName));
      const byModule = new Map(
        chunks.flatMap((c) => c.moduleIds.map((id) => [path.normalize(id), c] as const)),
      );
      const beyondEntry = (module: string): string[] => {
        const chunk = byModule.get(path.normalize(module));
        if (!chunk) throw new Error(`route-preloads: no chunk for ${module}`);
        return [...chunkClosure(chunks, chunk.fileName)]
          .filter((file) => !loaded.has(file))
          .map((file) => `/${file}`);
      };
      const modules = pageModules(options.pagesFile);
      const pages: Record<string, string[]> = {};
      for (const { page } of options.routes) {
        const module = modules.get(page);
        if (!module) throw new Error(`route-preloads: the page table has no screen "${page}"`);
        pages[page] ??= beyondEntry(`${module}.tsx`);
      }
      const preloads: RoutePreloads = {
        shell: beyondEntry(options.shellModule),
        pages,
        routes: options.routes.map(({ pattern, page, shell }) => ({ pattern, page, shell })),
      };
      this.emitFile({ type: "asset", fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
