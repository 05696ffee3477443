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
 * and through dynamic imports too when `followDynamic` says so for the importing module.
 */
function reachedFrom(
  graph: ModuleGraph,
  roots: readonly string[],
  followDynamic: (id: string) => boolean = () => false,
): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const info = graph.getModuleInfo(pending.pop() as string);
    if (!info || seen.has(path.normalize(info.id))) continue;
    seen.add(path.normalize(info.id));
    const dynamic = followDynamic(path.normalize(info.id)) ? (info.dynamicallyImportedIds ?? []) : [];
    for (const imported of [...info.importedIds, ...dynamic])
      if (!lucideModule.test(imported)) pending.push(imported);
  }
  return seen;
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
): (id: string, graph: ModuleGraph) => string | null {
  const members = new WeakMap<object, Set<string>>();
  return (id, graph) => {
    // One walk per chunking pass: the graph's objects are shared within a pass.
    const key = graph.getModuleInfo(shell) ?? graph;
    let set = members.get(key);
    if (!set) {
      const visitor = reachedFrom(graph, visitorRoots, (id) => id !== path.normalize(pageTable));
      set = new Set([...reachedFrom(graph, [shell])].filter((m) => !visitor.has(m)));
      members.set(key, set);
    }
    return set.has(path.normalize(id)) ? "members" : null;
  };
}

/**
 * The `name` of the rolldown code-splitting group "app": the modules `start` (the module the entry
 * imports dynamically to run the app: React's DOM renderer, the providers, the access gate) reaches
 * through static imports, lucide's icons excepted (their own groups place them); those the entry
 * reaches too stay in the entry, whose group comes first. One file, preloaded with the entry.
 */
export function appChunkName(start: string): (id: string, graph: ModuleGraph) => string | null {
  const reached = new WeakMap<object, Set<string>>();
  return (id, graph) => {
    const key = graph.getModuleInfo(start) ?? graph;
    let set = reached.get(key);
    if (!set) {
      set = reachedFrom(graph, [start]);
      reached.set(key, set);
    }
    return set.has(path.normalize(id)) ? "app" : null;
  };
}
