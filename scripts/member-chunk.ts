// The build's "members" chunk (used by vite.config.ts): the code the members' layout (the app
// shell) reaches through static imports, which every member screen loads, as one file rather
// than the twenty or so small shared chunks the automatic splitting made of it: each is a round
// trip on a phone's network, and some came two or three deep after sign-in. Modules a visitor
// screen reaches stay out of it, so the landing and login pages never load the members' code:
// those it imports, and those it loads later (the install banner, the toasts), which are
// followed through dynamic imports too, except the page table's imports of every screen.
import path from "node:path";

interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { id: string; importedIds: readonly string[]; dynamicallyImportedIds?: readonly string[] } | null;
}

const lucideModule = /node_modules[\\/]lucide-react[\\/]/;

/**
 * The modules reachable from the given ones (lucide's icons excepted) through static imports,
 * and through dynamic imports too when `followDynamic` says so for the importing module; not
 * through (nor counting) the modules of `notThrough`.
 */
function reachedFrom(
  graph: ModuleGraph,
  roots: readonly string[],
  followDynamic: (id: string) => boolean = () => false,
  notThrough: ReadonlySet<string> = new Set(),
): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const info = graph.getModuleInfo(pending.pop() as string);
    if (!info || seen.has(path.normalize(info.id)) || notThrough.has(path.normalize(info.id))) continue;
    seen.add(path.normalize(info.id));
    const dynamic = followDynamic(path.normalize(info.id)) ? (info.dynamicallyImportedIds ?? []) : [];
    for (const imported of [...info.importedIds, ...dynamic])
      if (!lucideModule.test(imported)) pending.push(imported);
  }
  return seen;
}

type ChunkName = (id: string, graph: ModuleGraph) => string | null;

/**
 * What `visitorRoots` reach, statically or through a dynamic import of any module but the page
 * table's (which imports every screen): the modules that must stay out of the members' files.
 */
function reachedByVisitors(
  graph: ModuleGraph,
  visitorRoots: readonly string[],
  pageTable: string,
): Set<string> {
  const table = path.normalize(pageTable);
  return reachedFrom(graph, visitorRoots, (id) => id !== table);
}

/**
 * A rolldown code-splitting group's `name`: `name` for the modules of the set `modules` computes
 * from the graph, null for every other. One computation per chunking pass: the graph's objects are
 * shared within a pass, so the module info of `keyModule` keys it.
 */
function chunkGroup(
  name: string,
  keyModule: string,
  modules: (graph: ModuleGraph) => Set<string>,
): ChunkName {
  const sets = new WeakMap<object, Set<string>>();
  return (id, graph) => {
    const key = graph.getModuleInfo(keyModule) ?? graph;
    let set = sets.get(key);
    if (!set) {
      set = modules(graph);
      sets.set(key, set);
    }
    return set.has(path.normalize(id)) ? name : null;
  };
}

/**
 * The `name` of a rolldown code-splitting group: "members" for the modules `shell` (an absolute
 * path) reaches statically and none of `visitorRoots` reaches, statically or through a dynamic
 * import of any module but `pageTable`; null for every other module.
 */
export function memberChunkName(
  shell: string,
  visitorRoots: readonly string[],
  pageTable: string,
): ChunkName {
  return chunkGroup("members", shell, (graph) => {
    const visitor = reachedByVisitors(graph, visitorRoots, pageTable);
    return new Set([...reachedFrom(graph, [shell])].filter((m) => !visitor.has(m)));
  });
}

/** The name of the app's chunk (`appChunkName`): its file is `app-<hash>.js`. */
export const APP_CHUNK = "app";

/**
 * The `name` of the rolldown code-splitting group "app": the modules `start` (the module the entry
 * imports dynamically to run the app: React's DOM renderer, the providers, the access gate) reaches
 * through static imports, lucide's icons excepted (their own groups place them); those the entry
 * reaches too stay in the entry, whose group comes first. One file, preloaded with the entry.
 */
export function appChunkName(start: string): ChunkName {
  return chunkGroup(APP_CHUNK, start, (graph) => reachedFrom(graph, [start]));
}

/**
 * The `name` of the rolldown code-splitting group "member-common": the modules that two or more
 * of `screens` (vite.config.ts: every screen but the operators' and those a new visitor meets
 * first) reach through static imports, that none of the screens a new visitor meets first
 * reaches (`visitorRoots`), and that every member screen does not load already (`loadedRoots`,
 * the entry and the app, and `shell`), lucide's icons excepted. Split by which screens share them, they made twenty-odd files of one to twenty
 * kilobytes per screen (a feature's api module, a Radix primitive, a dialog, a countdown): on a
 * phone's HTTP/1.1 connection, six at a time, each one more round trip before the screen can
 * render. One file instead carries a few kilobytes a given screen does not use. A module whose
 * imports would bring another file to every screen (a form's validation schemas, shared with the
 * visitor screens) stays out, and so do the modules that import it. The visitor-shared file counts
 * as loaded.
 */
export function memberCommonChunkName(
  loadedRoots: readonly string[],
  shell: string,
  visitorRoots: readonly string[],
  pageTable: string,
  screens: readonly string[],
): ChunkName {
  return chunkGroup("member-common", pageTable, (graph) =>
    commonModules(graph, loadedRoots, shell, visitorRoots, pageTable, screens),
  );
}

function commonModules(
  graph: ModuleGraph,
  loadedRoots: readonly string[],
  shell: string,
  visitorRoots: readonly string[],
  pageTable: string,
  commonScreens: readonly string[],
): Set<string> {
  const visitor = reachedByVisitors(graph, visitorRoots, pageTable);
  // The shell, and the visitor-shared file: the member screens that load this one load them too.
  const loaded = new Set([
    ...reachedFrom(graph, [...loadedRoots, shell]),
    ...visitorSharedModules(graph, loadedRoots, shell, visitorRoots, pageTable, commonScreens),
  ]);
  return settledAmong(
    graph,
    sharedByScreens(graph, commonScreens).filter((m) => !visitor.has(m)),
    loaded,
  );
}

/** The modules two or more of `screens` reach statically, the screens themselves excepted. */
function sharedByScreens(graph: ModuleGraph, screens: readonly string[]): string[] {
  const screenIds = screens.map((screen) => path.normalize(screen));
  const reachedBy = new Map<string, number>();
  for (const screen of screenIds)
    for (const m of reachedFrom(graph, [screen])) reachedBy.set(m, (reachedBy.get(m) ?? 0) + 1);
  return [...reachedBy].filter(([m, count]) => count >= 2 && !screenIds.includes(m)).map(([m]) => m);
}

/**
 * Those of `candidates` not loaded already that need nothing beyond the loaded modules, each other
 * and lucide's icons: a file of them brings no other file with it.
 */
function settledAmong(graph: ModuleGraph, candidates: readonly string[], loaded: Set<string>): Set<string> {
  const set = new Set(candidates.filter((m) => !loaded.has(m)));
  const settled = (m: string) => loaded.has(m) || set.has(m) || lucideModule.test(m);
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of set) {
      const imports = graph.getModuleInfo(m)?.importedIds ?? [];
      if (imports.every((i) => settled(path.normalize(i)))) continue;
      set.delete(m);
      changed = true;
    }
  }
  return set;
}

/**
 * The `name` of the rolldown code-splitting group "shell-shared": what the shell reaches through
 * static imports that a visitor screen reaches too (Radix's primitives, the install and update
 * banners), and that the entry and the app do not load already (`loadedRoots`), lucide's icons
 * excepted. Split by which screens share them, they were six small files on every member screen's
 * first load; one file instead, which a visitor screen that needs one of them loads whole.
 */
export function shellSharedChunkName(
  shell: string,
  loadedRoots: readonly string[],
  visitorRoots: readonly string[],
  pageTable: string,
): ChunkName {
  return chunkGroup("shell-shared", shell, (graph) => {
    const visitor = reachedByVisitors(graph, visitorRoots, pageTable);
    const loaded = reachedFrom(graph, loadedRoots);
    return new Set([...reachedFrom(graph, [shell])].filter((m) => visitor.has(m) && !loaded.has(m)));
  });
}

/**
 * The `name` of the rolldown code-splitting group "visitor-shared" (`visitorSharedModules`): the
 * app's small modules that member screens and the first visitor screens share (the page frame, the
 * number and prize formatting, the kept invitation), one file rather than one each.
 */
export function visitorSharedChunkName(
  loadedRoots: readonly string[],
  shell: string,
  visitorRoots: readonly string[],
  pageTable: string,
  screens: readonly string[],
): ChunkName {
  return chunkGroup("visitor-shared", pageTable, (graph) =>
    visitorSharedModules(graph, loadedRoots, shell, visitorRoots, pageTable, screens),
  );
}

/**
 * The modules of the group "visitor-shared": what two or more of `screens` reach statically and a
 * screen a new visitor meets first reaches too (`visitorRoots`), so that neither member-common nor
 * the members' file may hold it, and that is not loaded already (`loadedRoots`) nor the shell's
 * (`shell` reaches it: shell-shared holds those). Only modules of the app's own source, and only
 * those whose imports are loaded or in the set: it must not bring a visitor screen another file.
 */
function visitorSharedModules(
  graph: ModuleGraph,
  loadedRoots: readonly string[],
  shell: string,
  visitorRoots: readonly string[],
  pageTable: string,
  screens: readonly string[],
): Set<string> {
  const visitor = reachedByVisitors(graph, visitorRoots, pageTable);
  const shellReach = reachedFrom(graph, [shell]);
  return settledAmong(
    graph,
    sharedByScreens(graph, screens).filter(
      (m) =>
        visitor.has(m) &&
        !shellReach.has(m) &&
        // Packages stay out: the forms' validation library is one (zod, 60 kB).
        !/[\\/]node_modules[\\/]/.test(m),
    ),
    reachedFrom(graph, loadedRoots),
  );
}

/**
 * The `name` of the rolldown code-splitting group "dialog": the app's dialog components (`dialogs`:
 * the dialog and the shared confirm, form and notice dialogs built on it) and what only they reach
 * through static imports (Radix's dialog with its focus trap, layers and portal, lucide's icons
 * excepted): not what the entry and the app load already (`loadedRoots`), nor what any of `roots`
 * (the screens, the shell) reaches without going through one of `dialogs` (Radix's primitive,
 * which a label needs too). No shell module needs a dialog since the header's menus load on first
 * use, and left to the automatic splitting they were eight small files on the first load of every
 * screen that shows a dialog at once (each a round trip on a phone's network); one file instead,
 * which the menus, sharing most of it, load too.
 */
export function dialogChunkName(
  dialogs: readonly string[],
  loadedRoots: readonly string[],
  roots: readonly string[],
): ChunkName {
  return chunkGroup("dialog", dialogs[0], (graph) => {
    const loaded = reachedFrom(graph, loadedRoots);
    const elsewhere = reachedFrom(graph, roots, () => false, new Set(dialogs.map((d) => path.normalize(d))));
    return new Set([...reachedFrom(graph, dialogs)].filter((m) => !loaded.has(m) && !elsewhere.has(m)));
  });
}
