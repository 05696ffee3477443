#!/usr/bin/env node
// `npm run build`, after the client: the server's TypeScript bundled to one ES module,
// dist/server/main.js, run by plain `node` in production (scripts/start.mjs). Packages stay
// imports of node_modules (native addons, WebAssembly and their own files load as they do from
// the sources); only the project's own code is bundled.
import { writeFileSync } from "node:fs";
import { build } from "esbuild";
import { STAMP_FILE, sourceHash } from "./build-stamp.mjs";

const started = performance.now();
// Read before building: a source changed meanwhile makes the next start build again.
const hash = sourceHash();
const result = await build({
  entryPoints: { main: "src/server/main.ts" },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  packages: "external",
  sourcemap: true,
  // Stack traces name the sources (node --enable-source-maps in scripts/start.mjs).
  sourcesContent: false,
  metafile: true,
  logLevel: "warning",
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + (o.bytes ?? 0), 0);
console.log(
  `server built: dist/server/main.js (${Math.round(bytes / 1024)} kB with its map) in ${Math.round(performance.now() - started)} ms`,
);
// Last: the whole build (client and server) is complete and matches these sources.
writeFileSync(
  STAMP_FILE,
  `${JSON.stringify({ sourceHash: hash, builtAt: new Date().toISOString() }, null, 2)}\n`,
);
