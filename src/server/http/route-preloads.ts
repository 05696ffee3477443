import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { matchPattern, normalizePath } from "../../core/rules/route-pattern";
import { isMobileUserAgent } from "../../core/rules/user-agent";

/**
 * What the client build writes beside index.html (scripts/route-preloads.ts): member paths to
 * screens, and each screen's first chunks (`/assets/...`).
 */
export interface RoutePreloads {
  /** The members' layout and what it imports, loaded with every member screen. */
  shell: string[];
  /** Screen name to its chunks. */
  pages: Record<string, string[]>;
  /** Path patterns ("/groups/:id") of the signed-in member's screens, first match wins. */
  routes: { pattern: string; page: string; shell: boolean }[];
}

export const ROUTE_PRELOADS_FILE = "route-preloads.json";

/**
 * Longer than any member screen's path: such a request gets the page as built, unread (and the
 * trailing-slash trim stays cheap on what is read).
 */
const MAX_PATH_LENGTH = 200;

/** The build's list of each member screen's first chunks, or null when the build has none. */
export function readRoutePreloads(clientDir: string): RoutePreloads | null {
  const file = join(clientDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as RoutePreloads;
}

/**
 * The chunks a signed-in member's screen at `path` loads first: the dashboard of their kind of
 * device at "/" and "/dashboard" (as the access gate decides), the screen's route elsewhere, with
 * the members' layout where the screen has it. Empty for a path no member screen has.
 */
export function memberPreloads(
  preloads: RoutePreloads,
  rawPath: string,
  userAgent: string | undefined,
): string[] {
  if (rawPath.length > MAX_PATH_LENGTH) return [];
  const path = normalizePath(rawPath);
  const route =
    path === "/" || path === "/dashboard"
      ? { page: isMobileUserAgent(userAgent) ? "mobileDashboard" : "desktopDashboard", shell: true }
      : preloads.routes.find((r) => matchPattern(r.pattern, path) !== null);
  if (!route) return [];
  return [...new Set([...(route.shell ? preloads.shell : []), ...(preloads.pages[route.page] ?? [])])];
}

/** index.html naming `files` for the browser to fetch with the app's entry rather than after it. */
export function withModulePreloads(html: string, files: readonly string[]): string {
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("");
  return html.replace("</head>", `${links}</head>`);
}
