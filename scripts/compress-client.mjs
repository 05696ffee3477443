#!/usr/bin/env node
// After `vite build`: writes .gz and .br next to every text asset of dist/client, so the server
// sends compressed files without compressing on each request (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = process.argv[2] ?? "dist/client";
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
let files = 0;
let raw = 0;
let gz = 0;
function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (TEXT.test(entry)) {
      const data = readFileSync(full);
      if (data.length < 512) continue;
      const g = gzipSync(data, { level: 9 });
      writeFileSync(`${full}.gz`, g);
      writeFileSync(
        `${full}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      files += 1;
      raw += data.length;
      gz += g.length;
    }
  }
}
walk(root);
console.log(`compressed ${files} files: ${(raw / 1024).toFixed(1)} kB -> ${(gz / 1024).toFixed(1)} kB gzip`);
