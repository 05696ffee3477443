#!/usr/bin/env node
// `npm run dev`: the API server with reload on PORT (3000) and the Vite dev server on 5173.
import { spawn } from "node:child_process";

const children = [
  spawn(
    "node",
    ["--watch-path=src/server", "--watch-path=src/core", "--import", "tsx", "src/server/main.ts"],
    {
      stdio: "inherit",
    },
  ),
  spawn("npx", ["vite"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
