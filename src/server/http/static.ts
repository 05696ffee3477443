import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const NO_CACHE = new Set(["/sw.js", "/index.html", "/manifest.webmanifest", "/registerSW.js"]);

/**
 * Serves the built client with a single-page fallback: any GET that is not an API or asset path
 * gets index.html so the client router decides. Hashed assets are cached for a year.
 */
export async function registerClient(app: FastifyInstance, clientDir: string): Promise<boolean> {
  const root = resolve(clientDir);
  if (!existsSync(join(root, "index.html"))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // `npm run build` writes .br and .gz beside each text asset; they are sent when accepted.
    preCompressed: true,
    setHeaders(res, path) {
      const name = `/${path.slice(root.length + 1)}`;
      if (NO_CACHE.has(name)) res.header("cache-control", "no-cache");
      else if (name.startsWith("/assets/"))
        res.header("cache-control", "public, max-age=31536000, immutable");
      else res.header("cache-control", "public, max-age=3600");
    },
  });
  const files = new Set<string>();
  const { readdirSync, statSync } = await import("node:fs");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (!/\.(gz|br)$/.test(entry)) files.add(`/${full.slice(root.length + 1)}`);
    }
  };
  walk(root);
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const path = decodeURIComponent(request.url.split("?")[0]);
    // The API's unknown paths, and /metrics: the metrics have a listener of their own (METRICS_PORT).
    if (path.startsWith("/api/") || path === "/metrics") {
      return reply.status(404).send({ message: `Route GET ${path} not found`, code: "NOT_FOUND" });
    }
    if (files.has(path)) return reply.sendFile(path.slice(1));
    if (path.startsWith("/assets/"))
      return reply.status(404).send({ message: "Not found", code: "NOT_FOUND" });
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
  app.get("/", { schema: { hide: true } }, async (_request, reply) =>
    reply.header("cache-control", "no-cache").sendFile("index.html"),
  );
  return true;
}
