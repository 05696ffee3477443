import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RoutePreloads } from "../../../scripts/route-preloads";
import { isMobileUserAgent } from "../../core/rules/user-agent";

/** Written by the client build beside index.html (scripts/route-preloads.ts). */
const ROUTE_PRELOADS_FILE = "route-preloads.json";

/** The build's list of each member screen's first chunks, or null when the build has none. */
export function readRoutePreloads(clientDir: string): RoutePreloads | null {
  const file = join(clientDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as RoutePreloads;
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.split("/");
  const have = (path.length > 1 ? path.replace(/\/+$/, "") : path).split("/");
  return (
    want.length === have.length &&
    want.every((part, i) => (part.startsWith(":") ? have[i] !== "" : part === have[i]))
  );
}

/**
 * The chunks a signed-in member's screen at `path` loads first: the dashboard of their kind of
 * device at "/" and "/dashboard" (as the access gate decides), the screen's route elsewhere, with
 * the members' layout where the screen has it. Empty for a path no member screen has.
 */
export function memberPreloads(
  preloads: RoutePreloads,
  path: string,
  userAgent: string | undefined,
): string[] {
  const route =
    path === "/" || path === "/dashboard"
      ? { page: isMobileUserAgent(userAgent) ? "mobileDashboard" : "desktopDashboard", shell: true }
      : preloads.routes.find((r) => matches(r.pattern, path));
  if (!route) return [];
  return [...new Set([...(route.shell ? preloads.shell : []), ...(preloads.pages[route.page] ?? [])])];
}

/** index.html naming `files` for the browser to fetch with the app's entry rather than after it. */
export function withModulePreloads(html: string, files: readonly string[]): string {
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");
  return html.replace("</head>", `${links}</head>`);
}
