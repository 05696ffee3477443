// The build's two icon chunks (used by vite.config.ts): "icons" holds the icons only member pages
// draw, "visitor-icons" the icon runtime and the icons the entry or the visitor screens import
// statically (those the entry reaches go with the entry when a group of higher priority takes
// them), so the landing page loads a few icons rather than all of them, and a member page still
// gets its icons in one request rather than dozens of one-kilobyte ones.
import path from "node:path";

interface ModuleGraph {
  getModuleInfo(id: string): { id: string; code: string | null; importedIds: readonly string[] } | null;
}

const lucideModule = /node_modules[\\/]lucide-react[\\/]/;
const lucideBarrel = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const reExport = /export\s*\{([^}]*)\}\s*from\s*["'](\.\/icons\/[^"']+)["']/g;
const namedImport = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;

/** The names each icon file is exported under by the package's index: name -> file id. */
function iconFilesByName(barrelId: string, code: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names, file] of code.matchAll(reExport)) {
    const id = path.join(path.dirname(barrelId), file);
    for (const name of names.split(",")) files.set(name.replace(/^\s*default\s+as\s+/, "").trim(), id);
  }
  return files;
}

/** The icon names a module imports from "lucide-react" (`A`, and `B` of `B as C`). */
function importedIconNames(code: string): string[] {
  return [...code.matchAll(namedImport)].flatMap(([, names]) =>
    names
      .split(",")
      .map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, "")
            .split(/\s+as\s+/)[0],
      )
      .filter(Boolean),
  );
}

/**
 * The icon files reachable through static imports from the given modules (the package's index
 * re-exports every icon, so the walk follows the names a module imports rather than the index).
 */
function iconsReachedFrom(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const icons = new Set<string>();
  const seen = new Set<string>();
  const pending = [...roots];
  let byName: Map<string, string> | undefined;
  while (pending.length > 0) {
    const info = graph.getModuleInfo(pending.pop() as string);
    if (!info || seen.has(info.id)) continue;
    seen.add(info.id);
    for (const imported of info.importedIds) {
      if (lucideBarrel.test(imported)) {
        byName ??= iconFilesByName(imported, graph.getModuleInfo(imported)?.code ?? "");
        for (const name of importedIconNames(info.code ?? "")) {
          const file = byName.get(name);
          if (file) icons.add(file);
        }
      } else if (!lucideModule.test(imported)) pending.push(imported);
    }
  }
  return icons;
}

type ChunkName = (id: string, graph: ModuleGraph) => string | null;

/**
 * The `name`s of two rolldown code-splitting groups for lucide-react's modules: `visitor` names
 * "visitor-icons" those the visitor screens (`visitorRoots`, absolute paths) reach statically and
 * the icon runtime; `members` names "icons" the other icons; neither names any other module.
 */
export function iconChunkNames(visitorRoots: readonly string[]): { visitor: ChunkName; members: ChunkName } {
  const reached = new WeakMap<object, Set<string>>();
  const isVisitorIcon = (id: string, graph: ModuleGraph) => {
    if (!/[\\/]icons[\\/]/.test(id)) return true;
    // One walk per chunking pass: the graph's objects are shared within a pass.
    const key = graph.getModuleInfo(visitorRoots[0]) ?? graph;
    let visitorIcons = reached.get(key);
    if (!visitorIcons) {
      visitorIcons = iconsReachedFrom(graph, visitorRoots);
      reached.set(key, visitorIcons);
    }
    return visitorIcons.has(path.normalize(id));
  };
  return {
    visitor: (id, graph) => (lucideModule.test(id) && isVisitorIcon(id, graph) ? "visitor-icons" : null),
    members: (id, graph) => (lucideModule.test(id) && !isVisitorIcon(id, graph) ? "icons" : null),
  };
}
