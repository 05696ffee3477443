import { type Agent, Agent as HttpAgent, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { startScheduler } from "./jobs/scheduler";
import { createLifecycle } from "./lifecycle";
import { openTestDatabase } from "./test/database";

type Answer = { status: number; body: string; connection: string | undefined };

/** One GET to the server, on `agent` (keep-alive) or on a connection of its own. */
function get(port: number, path: string, agent: Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * A real app listening on a free port, managed by a lifecycle as main.ts does, with one slow route
 * (`/api/test/slow`) that answers once the test opens its gate; its log lines are kept.
 */
async function servedApp(graceMs: number) {
  const database = await openTestDatabase();
  const lifecycle = createLifecycle({ graceMs });
  const lines: string[] = [];
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: "test", SESSION_SECRET: "test-secret-test-secret-0123456789" }),
    db: database.db,
    stopping: lifecycle.signal,
    logger: { level: "info", stream: { write: (line: string) => lines.push(line) } },
  });
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let entered = 0;
  app.get("/api/test/slow", { config: { access: "public" } }, async () => {
    entered++;
    await gate;
    return { finished: true };
  });
  const order: string[] = [];
  const scheduler = startScheduler(app.ctx, 60_000);
  lifecycle.manage({
    app,
    scheduler,
    database: {
      async close() {
        order.push("database");
        await database.close();
      },
    },
  });
  lifecycle.onShutdown("test closer", () => order.push("closer"));
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as AddressInfo).port;
  /** Waits until `n` slow requests are being answered. */
  const slowInFlight = async (n: number) => {
    while (entered < n) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { app, database, lifecycle, port, lines, order, open, slowInFlight };
}

describe("a process shutting down (lifecycle.ts)", () => {
  it("finishes the requests in flight, closes idle keep-alive connections, takes no new one, then closes the pools and answers 0", async () => {
    const s = await servedApp(10_000);
    // A keep-alive connection that served a request and now sits idle.
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
    expect((await get(s.port, "/api/health", agent)).status).toBe(200);
    const idle = Object.values(agent.freeSockets).flat()[0];
    if (!idle) throw new Error("no idle keep-alive socket");
    const idleClosed = new Promise<void>((resolve) => idle.once("close", () => resolve()));

    // Two slow requests on keep-alive connections, as browsers and load balancers send them.
    const slowAgents = [1, 2].map(() => new HttpAgent({ keepAlive: true }));
    const slow = slowAgents.map((a) => get(s.port, "/api/test/slow", a));
    await s.slowInFlight(2);
    const stopped = s.lifecycle.shutdown("SIGTERM");
    expect(s.app.ctx.stopping.aborted).toBe(true);
    // Closed by the server at once, not after its keep-alive timeout (72 s).
    await idleClosed;
    await expect(get(s.port, "/api/health")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(s.order).toEqual([]);

    s.open();
    // Each gets its answer, and its connection ends with it.
    for (const answer of await Promise.all(slow)) {
      expect(answer).toEqual({ status: 200, body: JSON.stringify({ finished: true }), connection: "close" });
    }
    expect(await stopped).toBe(0);
    expect(s.order).toEqual(["closer", "database"]);
    await expect(s.database.db.execute(sql`select 1`)).rejects.toThrow();
    expect(s.lines.some((l) => l.includes('"requestsInFlight":2') && l.includes("shutting down"))).toBe(true);
    for (const a of [agent, ...slowAgents]) a.destroy();
  });

  it("cuts what is still in flight when the grace runs out, says how many, and answers 1", async () => {
    const s = await servedApp(300);
    // Settled at once: it fails while the shutdown is awaited.
    const slow = get(s.port, "/api/test/slow").catch((err: NodeJS.ErrnoException) => err);
    await s.slowInFlight(1);
    const started = Date.now();
    expect(await s.lifecycle.shutdown("SIGTERM")).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await slow).toMatchObject({ code: "ECONNRESET" });
    expect(
      s.lines.some(
        (l) => l.includes("ran out with 1 request(s) still in flight") && l.includes('"level":50'),
      ),
    ).toBe(true);
    // The pools close all the same.
    expect(s.order).toEqual(["closer", "database"]);
    s.open();
  });
});
