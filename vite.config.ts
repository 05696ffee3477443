import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { compileHints } from "./scripts/compile-hints";
import { iconChunkNames } from "./scripts/icon-chunks";
import {
  APP_CHUNK,
  appChunkName,
  dialogChunkName,
  memberChunkName,
  memberCommonChunkName,
  shellSharedChunkName,
  visitorSharedChunkName,
} from "./scripts/member-chunk";
import { pageModules } from "./scripts/page-modules";
import { chunkClosure, chunkOf, routePreloads } from "./scripts/route-preloads";
import { activeLayout } from "./src/web/app/access-rules";
import { activeRoutes, type PageKey } from "./src/web/app/route-table";

const root = fileURLToPath(new URL(".", import.meta.url));
const apiTarget = "http://127.0.0.1:3000";
/** The module the entry loads to run the app (React's DOM renderer, the providers, the gate). */
const startModule = `${root}src/web/start.tsx`;
const appChunk = appChunkName(startModule);
const shellModule = `${root}src/web/components/layout/app-shell.tsx`;
const pageTable = `${root}src/web/app/pages.ts`;
const screenModules = pageModules(readFileSync(pageTable, "utf8"), pageTable);
function moduleOf(page: PageKey): string {
  const found = screenModules.get(page);
  if (!found) throw new Error(`The page table has no screen "${page}"`);
  return found;
}
/**
 * The screens a new visitor meets first (the landing page, sign-in and sign-up) and the help and
 * legal texts: they load only their own code, none of the members'.
 */
const firstVisitorPages: PageKey[] = [
  "landing",
  "login",
  "register",
  "forgotPassword",
  "resetPassword",
  "help",
  "terms",
  "privacy",
];
const visitorRoots = [`${root}src/web/main.tsx`, ...firstVisitorPages.map(moduleOf)];
/**
 * The icons of the entry, the app, the banners every visitor may see (loaded lazily by the app) and
 * the first visitor screens go in "visitor-icons"; the landing page and sign-in then load none of
 * the members' "icons".
 */
const iconChunks = iconChunkNames([
  ...visitorRoots,
  startModule,
  `${root}src/web/components/overlays/app-banners.tsx`,
]);
/** The operators' screens: what only they share stays out of the members' common file. */
const operatorPages = new Set<PageKey>([
  "admin",
  "adminMember",
  "reconcileDeposits",
  "paymentMonitor",
  "giftCardOffers",
  "rewardCards",
  "auditLog",
  "finance",
  "productManager",
  "adManager",
  "emailTest",
]);
/**
 * The screens whose shared code goes into one common file: the members' screens, and the visitors'
 * others (invitations, the Step Test, subscribing), which need most of it
 * (the competition and group cards, the countdowns) and keep it for when they join.
 */
const commonScreens = [...screenModules]
  .filter(([page]) => !firstVisitorPages.includes(page as PageKey) && !operatorPages.has(page as PageKey))
  .map(([, module]) => module);
const memberChunk = memberChunkName(shellModule, visitorRoots, pageTable);
/** What every screen has loaded before its own code: the entry and the app. */
const loadedRoots = [`${root}src/web/main.tsx`, startModule];
const shellSharedChunk = shellSharedChunkName(shellModule, loadedRoots, visitorRoots, pageTable);
const visitorSharedChunk = visitorSharedChunkName(
  loadedRoots,
  shellModule,
  visitorRoots,
  pageTable,
  commonScreens,
);
/** The app's dialog and the shared dialogs built on it: one file (scripts/member-chunk.ts). */
const dialogChunk = dialogChunkName(
  ["ui/dialog", "confirm-dialog", "form-dialog", "notice-dialog"].map(
    (m) => `${root}src/web/components/${m}.tsx`,
  ),
  loadedRoots,
  [...screenModules.values(), ...visitorRoots, shellModule],
);
const memberCommonChunk = memberCommonChunkName(
  loadedRoots,
  shellModule,
  visitorRoots,
  pageTable,
  commonScreens,
);

/**
 * The built page's stylesheet moves to the end of <body>: a stylesheet in the body does not hold
 * the first paint, so the boot splash (styled inline) shows as soon as the HTML arrives, while
 * the app renders only once it has loaded (lib/document-styled.ts), so nothing shows unstyled.
 */
function stylesheetAfterBootSplash(): Plugin {
  return {
    name: "steprace:stylesheet-after-boot-splash",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        const rest = links.reduce((page, link) => page.replace(link, ""), html);
        return rest.replace("</body>", `${links.map((link) => `  ${link}\n`).join("")}  </body>`);
      },
    },
  };
}

/**
 * Module preload links for the chunks the entry imports statically and for the app it starts
 * (`startModule` and the chunks it imports), not for every lazy screen's imports, which
 * `build.modulePreload` would list in the entry: the browser fetches them with the entry instead
 * of after running it.
 */
function entryImportsPreloaded(): Plugin {
  return {
    name: "steprace:entry-imports-preloaded",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { chunk, bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((item) => item.type === "chunk");
        const start = chunkOf(chunks, startModule);
        if (!start) throw new Error("entry-imports-preloaded: no chunk for the app's start module");
        const files = chunkClosure(chunks, start.fileName, new Set(chunk?.imports ?? []));
        if (chunk) files.delete(chunk.fileName);
        // The entry runs as soon as it arrives (it only starts requests; the app it loads waits for
        // the parsed, styled page: lib/document-styled.ts), not after the parser and the stylesheet.
        const asyncEntry = html.replace(
          /<script type="module" crossorigin src=/,
          '<script type="module" async crossorigin src=',
        );
        if (asyncEntry === html) throw new Error("entry-imports-preloaded: no entry script in index.html");
        const links = [...files].map(
          (file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`,
        );
        return asyncEntry.replace(/\n\s*<\/head>/, `${links.join("")}\n  </head>`);
      },
    },
  };
}

export default defineConfig({
  root,
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    stylesheetAfterBootSplash(),
    entryImportsPreloaded(),
    compileHints([APP_CHUNK]),
    // What each member screen loads first, for the server to name in the page (src/server/http/static.ts).
    routePreloads({
      pagesFile: `${root}src/web/app/pages.ts`,
      shellModule: `${root}src/web/components/layout/app-shell.tsx`,
      startModule,
      routes: activeRoutes.map(({ pattern, page }) => ({
        pattern,
        page,
        shell: activeLayout(page) === "shell",
      })),
    }),
    VitePWA({
      strategies: "generateSW",
      // "prompt": the new worker waits until the update banner's Refresh sends SKIP_WAITING.
      registerType: "prompt",
      // The app registers /sw.js itself (src/web/lib/service-worker.ts) with the rules of the spec.
      injectRegister: false,
      filename: "sw.js",
      manifestFilename: "manifest.webmanifest",
      includeAssets: ["favicon.svg", "icons/apple-touch-icon.png"],
      manifest: {
        id: "/",
        name: "StepRace",
        short_name: "StepRace",
        description:
          "Join weekly step challenges, track your daily steps with your phone, win and earn FitCoins.",
        theme_color: "#047857",
        background_color: "#f8fafc",
        display: "standalone",
        orientation: "portrait",
        start_url: "/",
        scope: "/",
        categories: ["health", "fitness", "sports"],
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        navigateFallback: "index.html",
        navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/sandbox(?:\/|$)/],
        cleanupOutdatedCaches: true,
        // Web Push: shows the server's pushes and opens their links (public/push-handler.js).
        importScripts: ["/push-handler.js"],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/sandbox": { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: false,
    // No module preload links at lazy imports: measured (bench:lighthouse at 3x, two runs each),
    // inserting a screen's dozen links at start-up cost more main-thread time than the round trips
    // they save (the dashboard 78 with them, 89 without; /groups 65 and 85).
    modulePreload: false,
    rolldownOptions: {
      // What the entry imports statically ("$initial": React, the query client, the icon runtime
      // and the entry's few icons...) goes with the entry, as one file rather than a handful of
      // shared ones. The other icons in two chunks: split by which screens share them they made
      // some sixty requests of a kilobyte or so, each a round trip on a phone's network, several
      // deep after sign-in; in one, the landing page loaded every member page's icons too. So the
      // landing page's own icons form a small chunk, the members' icons another.
      output: {
        codeSplitting: {
          groups: [
            { name: "initial", tags: ["$initial"], priority: 3 },
            // What the app's start module reaches beyond the entry, as one file (preloaded with it).
            { name: appChunk, priority: 2, includeDependenciesRecursively: false },
            { name: iconChunks.visitor, priority: 1 },
            { name: iconChunks.members, includeDependenciesRecursively: false },
            // Not its modules' dependencies: those a visitor screen reaches too must stay out.
            { name: memberChunk, includeDependenciesRecursively: false },
            { name: shellSharedChunk, includeDependenciesRecursively: false },
            { name: visitorSharedChunk, includeDependenciesRecursively: false },
            { name: memberCommonChunk, includeDependenciesRecursively: false },
            { name: dialogChunk, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
