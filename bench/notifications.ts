// `npm run bench:notifications`: the notifications of a 10,000-participant settlement. On
// PostgreSQL when DATABASE_URL is set (a scratch database is created on that server and dropped
// after), else on an in-memory PGlite. Setup in SQL: 10,000 members in one ended competition with
// a funded pool and differing steps, every member with a Web Push subscription on a local push
// service (this process, port 0; it answers 201 and decrypts a sample to check the payload).
// Measured: the settlement until it commits (it only queues one fan-out row), then the queue
// job's fan-out until every notification is stored, then its deliveries until every push is sent
// (pushes a second: web-push encryption and VAPID signing per push, plus the HTTP round trip).
// Prints one JSON line.
import { createECDH, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { type Database, openDatabase, queryRows } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { poolKey } from "../src/server/features/competitions/competitions.repo";
import { settleCompetition } from "../src/server/features/competitions/settlement.service";
import { runDeliveries, runFanouts } from "../src/server/features/notifications/queue-job";
import { poolAccount, systemAccount } from "../src/server/ledger/accounts";
import { auditLedger } from "../src/server/ledger/audit";
import { transfer } from "../src/server/ledger/transfer";
import { decryptPush } from "../src/server/test/push-endpoint";
import { withScratchDatabase } from "./support/postgres";
import { round } from "./support/stats";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
/** Every how many pushes one is decrypted and checked. */
const SAMPLE_EVERY = 100;

/** A local push service: one key pair for every subscription (the endpoints differ). */
async function pushService() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16).toString("base64url");
  let received = 0;
  let checked = 0;
  let badPayloads = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      received++;
      if (received % SAMPLE_EVERY === 1) {
        try {
          const message = JSON.parse(decryptPush(Buffer.concat(chunks), ecdh, auth));
          if (typeof message.title === "string" && message.link) checked++;
          else badPayloads++;
        } catch {
          badPayloads++;
        }
      }
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/push`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth },
    stats: () => ({ received, checked, badPayloads }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function bench(database: Database) {
  await migrate(database);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "development",
    SESSION_SECRET: "bench-secret-bench-secret-0123456789",
    PUSH_ALLOW_PRIVATE_ENDPOINTS: "1",
    LOG_LEVEL: "silent",
  });
  const app = await buildApp({ config, db: database.db, logger: false });
  const push = await pushService();
  const db = database.db;
  try {
    const setupStart = performance.now();
    await db.execute(sql`insert into users (username, email, password_hash, first_name, last_name, rules_accepted_at)
      select 'bench' || g, 'bench' || g || '@bench.test', 'x', 'Walker', 'No ' || g, now()
      from generate_series(1, ${MEMBERS}) g`);
    const [creator] = await queryRows<{ id: number }>(db, sql`select min(id) as id from users`);
    const [c] = await queryRows<{ id: number }>(
      db,
      sql`insert into competitions (name, description, start_date, end_date, invite_code, created_by)
        values ('Bench settlement', 'Ten thousand walkers', now() - interval '3 days', now() - interval '2 hours',
          'BENCHNOTIFY', ${creator.id}) returning id`,
    );
    await db.execute(sql`insert into competition_participants (competition_id, user_id, steps, joined_at)
      select ${c.id}, id, 100 + (id * 7919) % 20000, now() - interval '4 days' from users where username like 'bench%'`);
    await db.execute(sql`update competitions set participant_count = ${MEMBERS} where id = ${c.id}`);
    await db.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
      select id, ${push.base} || '/' || id, ${push.keys.p256dh}, ${push.keys.auth}, now()
      from users where username like 'bench%'`);
    await db.transaction(async (tx) => {
      await transfer(tx, {
        from: await systemAccount(tx, "fitcoinIssuance"),
        to: await poolAccount(tx, poolKey(c.id)),
        amount: 1_000_000,
        currency: "FC",
        kind: "pool_contribution",
        description: "Bench: prize pool",
        reference: poolKey(c.id),
      });
    });
    if (database.kind === "postgres") await db.execute(sql`vacuum analyze`);
    const setupSeconds = round((performance.now() - setupStart) / 1000);

    const t0 = performance.now();
    const outcome = await settleCompetition(app.ctx, c.id);
    const settleCommitMs = round(performance.now() - t0);
    let batches = 0;
    for (;;) {
      const done = await runFanouts(app.ctx, Date.now() + 600_000);
      batches += done;
      if (done === 0) break;
    }
    const storedMs = round(performance.now() - t0);
    const [stored] = await queryRows<{ notifications: number; pushes: number }>(
      db,
      sql`select (select count(*)::int from notifications) as notifications,
        (select count(*)::int from notification_deliveries where channel = 'push') as pushes`,
    );
    const p0 = performance.now();
    let delivered = 0;
    for (;;) {
      const n = await runDeliveries(app.ctx, Date.now() + 600_000);
      delivered += n;
      if (n === 0) break;
    }
    const pushSeconds = (performance.now() - p0) / 1000;
    const audit = await auditLedger(db);
    const service = push.stats();
    return {
      database: database.kind,
      members: MEMBERS,
      setupSeconds,
      settleOutcome: outcome,
      /** The settlement transaction, until it commits: it queues one fan-out row. */
      settleCommitMs,
      /** From the settlement's start until every member's notification is stored (and its push queued). */
      allNotificationsStoredMs: storedMs,
      fanoutMs: round(storedMs - settleCommitMs),
      fanoutBatches: batches,
      notificationsStored: stored.notifications,
      pushesQueued: stored.pushes,
      pushesDelivered: delivered,
      pushesReceived: service.received,
      pushSeconds: round(pushSeconds),
      pushesPerSecond: Math.round(delivered / pushSeconds),
      payloadsChecked: service.checked,
      badPayloads: service.badPayloads,
      auditOk: audit.ok,
      ok:
        outcome === "settled" &&
        stored.notifications === MEMBERS &&
        delivered === MEMBERS &&
        service.received === MEMBERS &&
        service.badPayloads === 0 &&
        audit.ok,
    };
  } finally {
    await push.close();
    await app.close();
  }
}

const url = process.env.DATABASE_URL;
const result = url
  ? await withScratchDatabase(url, "bench_notifications", bench)
  : await (async () => {
      const database = await openDatabase({ kind: "pglite" });
      try {
        return await bench(database);
      } finally {
        await database.close();
      }
    })();
console.log(JSON.stringify(result));
process.exit(result.ok ? 0 : 1);
