import { createServer, type Server, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { type Database, openDatabase, queryRows } from "../db/client";
import { useTestApp } from "../test/test-app";
import { committedMigrationTimes, readinessCheck } from "./readiness";

/**
 * Issue 31, part 4: GET /api/health/ready tells a load balancer whether to send this process
 * requests: 200 only when the database answers, every committed migration is applied and the
 * process is not shutting down; 503 NOT_READY with the reason otherwise.
 */
describe("GET /api/health/ready", () => {
  const t = useTestApp();
  const app = () => t().app;
  const opened: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    for (const o of opened.reverse()) await o.close();
  });

  /** Another app on the same database (or `db`), as another process would be, closed after the file. */
  async function anotherApp(options: { stopping?: AbortSignal; database?: Database } = {}) {
    const other = await buildApp({
      config: app().ctx.config,
      db: options.database?.db ?? app().ctx.db,
      logger: false,
      stopping: options.stopping,
    });
    opened.push(other);
    return other;
  }

  /** Takes the newest migration's record away for `during`, then puts it back as it was. */
  async function withoutNewestMigration(during: () => Promise<void>) {
    const db = app().ctx.db;
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      await during();
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
        values (${newest.id}, ${newest.hash}, ${newest.created_at}::bigint)`);
    }
  }

  it("answers 503 naming the migrations not applied, 200 once they are, and then asks only that the database answers", async () => {
    const committed = committedMigrationTimes().length;
    await withoutNewestMigration(async () => {
      const res = await app().inject({ url: "/api/health/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: "NOT_READY",
        message: `The database is not migrated: 1 of ${committed} migrations are not applied`,
      });
      // Liveness is another question: the process is alive.
      expect((await app().inject({ url: "/api/health" })).statusCode).toBe(200);
    });
    const ready = await app().inject({ url: "/api/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
    // Seen applied once, it is not read again (migrations are never unapplied).
    await withoutNewestMigration(async () => {
      expect((await app().inject({ url: "/api/health/ready" })).statusCode).toBe(200);
      // A process that starts now sees it missing.
      expect((await (await anotherApp()).inject({ url: "/api/health/ready" })).statusCode).toBe(503);
    });
  });

  it("answers 503 from the moment the process starts shutting down", async () => {
    const controller = new AbortController();
    const other = await anotherApp({ stopping: controller.signal });
    expect((await other.inject({ url: "/api/health/ready" })).statusCode).toBe(200);
    controller.abort();
    const res = await other.inject({ url: "/api/health/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: "NOT_READY", message: "The server is shutting down" });
  });

  it("answers 503 when the database refuses connections", async () => {
    // A PostgreSQL address where nothing listens.
    const refused = await openDatabase({ kind: "postgres", url: "postgres://steprace@127.0.0.1:1/none" });
    opened.push(refused);
    const res = await (await anotherApp({ database: refused })).inject({ url: "/api/health/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe("NOT_READY");
    expect(res.json().message).toMatch(/^The database does not answer: .*ECONNREFUSED/);
  });

  it("answers not ready within its time limit when the database accepts but never answers", async () => {
    // A server that takes the connection and says nothing, as a database stuck or cut off does.
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    const hung = await openDatabase({ kind: "postgres", url: `postgres://steprace@127.0.0.1:${port}/none` });
    try {
      const check = readinessCheck(hung.db, new AbortController().signal, app().log, { timeoutMs: 300 });
      const started = Date.now();
      const answer = await check();
      expect(Date.now() - started).toBeLessThan(3000);
      expect(answer).toEqual({
        ready: false,
        reason: "The database does not answer: no answer within 300 ms",
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      await hung.close().catch(() => {});
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
