#!/usr/bin/env node
// `npm run build`, after the client: the server's TypeScript bundled to one ES module,
// dist/server/main.js, run by plain `node` in production (scripts/start.mjs). Packages stay
// imports of node_modules (native addons, WebAssembly and their own files load as they do from
// the sources); only the project's own code is bundled. The tests that start real server
// processes build it the same way (src/server/test/server-process.ts).
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { buildSync } from "esbuild";
import { STAMP_FILE, sourceHash } from "./build-stamp.mjs";

/** Bundles src/server/main.ts into `outdir`/main.js (with its source map); answers the bytes written. */
export function buildServer(outdir = "dist/server") {
  const result = buildSync({
    entryPoints: { main: "src/server/main.ts" },
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    packages: "external",
    // Stack traces name the sources (process.setSourceMapsEnabled in scripts/start.mjs).
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: "warning",
  });
  return Object.values(result.metafile.outputs).reduce((n, o) => n + (o.bytes ?? 0), 0);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  // Read before building: a source changed meanwhile makes the next start build again.
  const hash = sourceHash();
  const bytes = buildServer();
  console.log(
    `server built: dist/server/main.js (${Math.round(bytes / 1024)} kB with its map) in ${Math.round(performance.now() - started)} ms`,
  );
  // Last, by `npm run build` (--stamp): the whole build (client and server) is complete and
  // matches these sources.
  if (process.argv.includes("--stamp"))
    writeFileSync(
      STAMP_FILE,
      `${JSON.stringify({ sourceHash: hash, builtAt: new Date().toISOString() }, null, 2)}\n`,
    );
}
