// What a build was made from: one hash of every file that goes into dist/ (the client's and the
// server's sources, their configs and the lockfile). `npm run build` writes it to
// dist/build-info.json last; `npm start` rebuilds only when the sources no longer match it.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const INPUTS = [
  "src",
  "public",
  "index.html",
  "vite.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "scripts/build-server.mjs",
  "scripts/compress-client.mjs",
];
export const STAMP_FILE = "dist/build-info.json";

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((entry) => files(join(path, entry)));
}

/** The hash of the build's inputs in `root` (the project) as they are now. */
export function sourceHash(root = ".") {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap((input) => files(join(root, input)))) {
    hash.update(relative(root, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** The hash dist/ was built from, or null when there is no complete build. */
export function builtHash(root = ".") {
  try {
    return JSON.parse(readFileSync(join(root, STAMP_FILE), "utf8")).sourceHash ?? null;
  } catch {
    return null;
  }
}
