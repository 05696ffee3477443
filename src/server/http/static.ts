import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { memberPreloads, readRoutePreloads, withModulePreloads } from "./route-preloads";
import { SESSION_COOKIE } from "./viewer";

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
  const preloads = readRoutePreloads(root);
  const indexHtml = preloads ? readFileSync(join(root, "index.html"), "utf8") : "";
  const pagesWithPreloads = new Map<string, string>();
  /**
   * The app's page. To a browser with a session cookie (a member, most likely) it names the chunks
   * of the member screen at this path, so that a phone fetches them with the entry, not a round
   * trip or two after it; to others, and for paths no member screen has, the file as built.
   */
  const sendApp = (request: FastifyRequest, reply: FastifyReply, path: string) => {
    reply.header("cache-control", "no-cache").header("vary", "Cookie, User-Agent");
    const files =
      preloads && request.cookies?.[SESSION_COOKIE]
        ? memberPreloads(preloads, path, request.headers["user-agent"])
        : [];
    if (files.length === 0) return reply.sendFile("index.html");
    const key = files.join(" ");
    let html = pagesWithPreloads.get(key);
    if (html === undefined) {
      html = withModulePreloads(indexHtml, files);
      pagesWithPreloads.set(key, html);
    }
    return reply.type("text/html; charset=utf-8").send(html);
  };
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const path = decodeURIComponent(request.url.split("?")[0]);
    // The API's unknown paths, and /metrics: the metrics have a listener of their own (METRICS_PORT).
    if (path.startsWith("/api/") || path === "/metrics") {
      return reply.status(404).send({ message: `Route GET ${path} not found`, code: "NOT_FOUND" });
    }
    if (files.has(path)) return reply.sendFile(path.slice(1));
    if (path.startsWith("/assets/"))
      return reply.status(404).send({ message: "Not found", code: "NOT_FOUND" });
    return sendApp(request, reply, path);
  });
  app.get("/", { schema: { hide: true } }, async (request, reply) => sendApp(request, reply, "/"));
  return true;
}
