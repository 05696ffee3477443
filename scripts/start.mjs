#!/usr/bin/env node
// `npm start`: builds the client and the server when dist/ is missing or older than the sources
// (scripts/build-stamp.mjs), then runs the built server in this same process with plain Node:
// no TypeScript compiler at start-up, and no second process between the signals and the server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { builtHash, sourceHash } from "./build-stamp.mjs";

const server = "dist/server/main.js";
if (!existsSync(server) || builtHash() !== sourceHash()) {
  console.log("Building (the sources changed since the last build)...");
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// Stack traces point into src/ (the build writes source maps).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(server).href);
