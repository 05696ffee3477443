// `npm run bench:competitions`: the competitions list and settlement at scale, on PostgreSQL
// (DATABASE_URL; a scratch database is created on that server and dropped after). Setup, mostly in
// SQL: ~10,000 members, 20 running competitions of 1,000 participants each with funded prize pools
// (ledger transfers from FitCoin issuance), step batches so that standings differ, and one ended
// competition of 10,000 participants due for settlement. Signed-in viewer members (real sessions,
// each in two of the competitions) then ask `GET /api/competitions` over HTTP with keep-alive while
// their phones keep syncing steps in the background (a second child process, `POST /api/steps` at
// a steady rate): a closed loop (the most the server answers), an open loop at half that rate
// (latency counted from when each request was due), and `GET /api/health` in the same conditions.
// Last, `settleCompetition` of the 10,000 is timed and the books are audited. Prints one JSON line.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Competition } from "../src/core/schemas/competitions";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { type Database, queryRows } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { poolKey } from "../src/server/features/competitions/competitions.repo";
import { settleCompetition } from "../src/server/features/competitions/settlement.service";
import { createWeeks } from "../src/server/features/steps/batch-retention";
import { loggerOptions } from "../src/server/http/logger";
import { poolAccount, systemAccount } from "../src/server/ledger/accounts";
import { auditLedger } from "../src/server/ledger/audit";
import { transfer } from "../src/server/ledger/transfer";
import { buildUser, loginAs } from "../src/server/test/factories";
import {
  cpuMarks,
  inChildProcess,
  isLoadGenerator,
  serveLoadJobs,
  startInChildProcess,
} from "./support/child";
import type { Connection } from "./support/connection";
import { closedLoop, openLoop, Recorder } from "./support/loops";
import { withScratchDatabase } from "./support/postgres";
import { percentile, round } from "./support/stats";

/** Signed-in members who ask for the list (and sync steps in the background). */
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
/** Members inserted in bulk (SQL): the rest of the participants, and the settlement's 10,000. */
const BULK_MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const COMPETITIONS = 20;
const PARTICIPANTS = 1000;
/** Each viewer takes part in this many of the running competitions. */
const VIEWER_COMPETITIONS = 2;
const SETTLE_PARTICIPANTS = Math.min(10_000, BULK_MEMBERS);
/** The settlement's pool: 10,000 FitCoins, in hundredths. */
const SETTLE_POOL = 1_000_000;
/** Entry fee (hundredths) of every other running competition; the others are free with a sponsored pool. */
const ENTRY_FEE = 500;
const SPONSORED_POOL = 100_000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 3000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
/** Background step syncs a second while the list is measured. */
const SYNC_RATE = Number(process.env.BENCH_SYNC_RATE ?? 300);
const GOAL = { listToHealthPct: 25, p99AtHalfMs: 50, settle10kMs: 5000 };
const TIME_ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney"];

/** This module: the load generator is this file again, forked with `--load-generator`. */
const self = new URL(import.meta.url);

type Member = { cookie: string; fingerprint: string };
type LoadJob = {
  port: number;
  /** list / health: closed loop, `concurrency` clients back to back; listRate: open loop, lists
   * started at `rate` a second whatever the answers; syncs: step syncs at `rate` a second until
   * the parent sends `{ stop: true }`. */
  kind: "list" | "listRate" | "health" | "syncs";
  rate?: number;
  members: Member[];
  concurrency: number;
  warmupMs: number;
  durationMs: number;
};
type LoadResult = {
  /** CPU time of the load generator in the measured window (syncs: its whole run), in % of one core. */
  cpuPct: number;
  /** Requests answered inside the measured window (syncs: all of them). */
  requests: number;
  seconds: number;
  /** Latencies in ms of the requests answered inside the measured window. */
  latencies: Float64Array;
  /** Status codes other than 200 (and transport errors as "error"), warm-up included. */
  failures: Record<string, number>;
  /** Open loop: how late each request was sent after it was due (ms), sorted. */
  sendLags: Float64Array;
};

// ---------------------------------------------------------------- load generator (child process)

async function generateLoad(job: LoadJob): Promise<LoadResult> {
  const connections: Connection[] = [];
  const start = performance.now();
  const sendLags: number[] = [];
  const withHeaders = (m: Member, requestLine: string) =>
    `${requestLine}\r\nHost: 127.0.0.1:${job.port}\r\nCookie: ${m.cookie}\r\n` +
    `X-Device-Fingerprint: ${m.fingerprint}\r\n`;

  if (job.kind === "syncs") {
    // Open-ended: the phones sync until the measurements are done.
    const stop = new AbortController();
    process.on("message", (message) => (message as { stop?: boolean }).stop && stop.abort());
    const recorder = new Recorder(start, Number.POSITIVE_INFINITY);
    const cpuFrom = process.cpuUsage();
    const skipped = await openLoop({
      port: job.port,
      rate: job.rate ?? SYNC_RATE,
      members: job.members,
      measureFrom: start,
      stopAt: Number.POSITIVE_INFINITY,
      signal: stop.signal,
      connections,
      sendLags,
      send: async (connection, member, t0) => {
        const body = JSON.stringify({
          // 1 or 2 steps a sync: each viewer walks under the 4 steps a second the server allows.
          steps: 1 + Math.floor(Math.random() * 2),
          timestamp: new Date().toISOString(),
          batchId: randomUUID(),
          motionData: { accelerometer: true, gyroscope: true, deviceType: "android" },
        });
        const status = await connection.request(
          withHeaders(member, "POST /api/steps HTTP/1.1") +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
        recorder.record(t0, status);
      },
    });
    if (skipped > 0) recorder.failures.noIdleMember = skipped;
    for (const connection of connections) connection.close();
    const used = process.cpuUsage(cpuFrom);
    const elapsedMs = performance.now() - start;
    return {
      cpuPct: Math.round((100 * (used.user + used.system)) / 1000 / elapsedMs),
      requests: recorder.measured,
      seconds: elapsedMs / 1000,
      latencies: Float64Array.from(recorder.latencies).sort(),
      failures: recorder.failures,
      sendLags: Float64Array.from(sendLags).sort(),
    };
  }

  const measureFrom = start + job.warmupMs;
  const stopAt = measureFrom + job.durationMs;
  const recorder = new Recorder(measureFrom, stopAt);
  // The server marks its own CPU time (and the database's) at the same two moments.
  const marks = cpuMarks(job.warmupMs, job.durationMs);
  const lists = new Map(
    job.members.map((m) => [m, `${withHeaders(m, "GET /api/competitions HTTP/1.1")}\r\n`]),
  );
  const list = async (connection: Connection, member: Member, t0: number) =>
    recorder.record(t0, await connection.request(lists.get(member) as string));
  const loop = { port: job.port, stopAt, connections };
  if (job.kind === "list") {
    await closedLoop({
      ...loop,
      clients: Math.min(job.concurrency, job.members.length),
      members: job.members,
      send: list,
    });
  } else if (job.kind === "listRate") {
    const skipped = await openLoop({
      ...loop,
      rate: job.rate ?? 1,
      members: job.members,
      measureFrom,
      sendLags,
      send: list,
    });
    if (skipped > 0) recorder.failures.noIdleMember = skipped;
  } else {
    const head = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${job.port}\r\n\r\n`;
    await closedLoop({
      ...loop,
      clients: job.concurrency,
      members: Array.from({ length: job.concurrency }, (_, k) => k),
      send: async (connection, _, t0) => recorder.record(t0, await connection.request(head)),
    });
  }
  for (const connection of connections) connection.close();
  return {
    cpuPct: await marks.cpuPct(),
    requests: recorder.measured,
    seconds: job.durationMs / 1000,
    latencies: Float64Array.from(recorder.latencies).sort(),
    failures: recorder.failures,
    sendLags: Float64Array.from(sendLags).sort(),
  };
}

serveLoadJobs(generateLoad);

// ---------------------------------------------------------------- setup

type Setup = {
  members: Member[];
  viewerIds: number[];
  settleId: number;
  seconds: number;
};

async function setUp(app: Awaited<ReturnType<typeof buildApp>>, database: Database): Promise<Setup> {
  const db = database.db;
  const started = performance.now();
  const admin = await buildUser(app, { isAdmin: true, firstName: "Admin" });

  // Viewers: real members through the factories, signed in through the login route, a few at a time.
  const members: Member[] = [];
  const viewerIds: number[] = [];
  for (let i = 0; i < VIEWERS; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, VIEWERS - i) }, async (_, k) => {
        const user = await buildUser(app, { timeZone: TIME_ZONES[(i + k) % TIME_ZONES.length] });
        return { user, session: await loginAs(app, user) };
      }),
    );
    for (const { user, session } of batch) {
      viewerIds.push(user.id);
      members.push({ cookie: session.cookie, fingerprint: session.fingerprint });
    }
  }

  // The rest in bulk: same password, subscribed (no requests of theirs are made).
  await db.execute(sql`insert into users (username, email, password_hash, first_name, last_name, rules_accepted_at)
    select 'bulk' || g, 'bulk' || g || '@bench.test', (select password_hash from users where id = ${admin.id}),
      (array['Ada','Ben','Cleo','Dev','Eli','Fay','Gus','Hana'])[1 + g % 8], 'Walker ' || g, now()
    from generate_series(1, ${BULK_MEMBERS}) g`);
  await db.execute(sql`insert into subscriptions (user_id, status, provider, current_period_start, current_period_end)
    select id, 'active', 'sandbox', now() - interval '1 day', now() + interval '29 days'
    from users where username like 'bulk%'`);

  // Running competitions: started a day ago, ending in 6 days; every other one with an entry fee.
  await db.execute(sql`insert into competitions
      (name, description, entry_fee, max_participants, start_date, end_date, invite_code, created_by)
    select 'Bench race ' || k, 'Walk the most steps this week',
      case when k % 2 = 1 then ${ENTRY_FEE}::bigint end, case when k % 2 = 1 then 5000 end,
      now() - interval '1 day', now() + interval '6 days', 'BENCH' || lpad(k::text, 3, '0'), ${admin.id}
    from generate_series(1, ${COMPETITIONS}) k`);
  // The one to settle: ended 2 hours ago (its grace period has passed), free, 10,000 bulk members.
  const [settle] = await queryRows<{ id: number }>(
    db,
    sql`insert into competitions (name, description, start_date, end_date, invite_code, created_by)
      values ('Bench settlement', 'Ten thousand walkers', now() - interval '3 days', now() - interval '2 hours',
        'BENCHSETTLE', ${admin.id})
      returning id`,
  );

  // Viewer v is in running competitions v mod 20 and (v + 10) mod 20; the bulk members fill the
  // rest, competition k taking the next 980 of them (wrapping), so each is in about two.
  const running = sql`(select id, entry_fee, start_date, row_number() over (order by id) - 1 as k
    from competitions where name like 'Bench race %')`;
  const viewerSlots = viewerIds.flatMap((id, v) =>
    Array.from({ length: VIEWER_COMPETITIONS }, (_, j) => ({
      id,
      k: (v + (j * COMPETITIONS) / VIEWER_COMPETITIONS) % COMPETITIONS,
    })),
  );
  await db.execute(sql`insert into competition_participants (competition_id, user_id, fee_paid, joined_at)
    select c.id, s.user_id, coalesce(c.entry_fee, 0), c.start_date - interval '1 hour'
    from ${running} c join unnest(
      array[${sql.join(
        viewerSlots.map((s) => sql`${s.id}`),
        sql`, `,
      )}]::int[],
      array[${sql.join(
        viewerSlots.map((s) => sql`${s.k}`),
        sql`, `,
      )}]::int[]) as s(user_id, k) on s.k = c.k`);
  const bulkEach = PARTICIPANTS - (VIEWERS * VIEWER_COMPETITIONS) / COMPETITIONS;
  const bulk = sql`(select id, row_number() over (order by id) - 1 as n from users where username like 'bulk%')`;
  await db.execute(sql`insert into competition_participants (competition_id, user_id, fee_paid, joined_at)
    select c.id, b.id, coalesce(c.entry_fee, 0), c.start_date - interval '1 hour'
    from ${running} c cross join generate_series(0, ${bulkEach - 1}) j
      join ${bulk} b on b.n = (c.k * ${bulkEach} + j) % ${BULK_MEMBERS}`);
  await db.execute(sql`insert into competition_participants (competition_id, user_id, joined_at)
    select ${settle.id}, b.id, now() - interval '4 days' from ${bulk} b where b.n < ${SETTLE_PARTICIPANTS}`);
  await db.execute(sql`update competitions c
    set participant_count = (select count(*) from competition_participants p where p.competition_id = c.id)`);

  // Three walks in the last day for every member but about one in a hundred (zeros in every
  // standing): the step batches' trigger adds them to each competition whose window holds them.
  // Their weeks first (yesterday may be last week), so none lands in the default partition.
  await createWeeks(db, new Date(Date.now() - 2 * 24 * 3600 * 1000), new Date());
  await db.execute(sql`insert into step_batches (user_id, batch_id, steps, recorded_at, received_at, local_date)
    select u.id, gen_random_uuid(), 100 + floor(random() * 4900)::int, t.at, t.at, (t.at at time zone u.time_zone)::date
    from users u cross join lateral (
      select now() - interval '20 hours' + k * interval '5 hours' + ((u.id * 7919 + k * 104729) % 1800) * interval '1 second' as at
      from generate_series(0, 2) k) t
    where u.id % 97 <> 0`);

  // Pools: the entry fees paid in (paid ones), a sponsor's pool (free ones), the settlement's 10,000 FC.
  const pools = await queryRows<{ id: number; fees: string }>(
    db,
    sql`select c.id, coalesce(sum(p.fee_paid), 0)::text as fees
      from competitions c left join competition_participants p on p.competition_id = c.id
      group by c.id order by c.id`,
  );
  for (const pool of pools) {
    const amount = pool.id === settle.id ? SETTLE_POOL : Number(pool.fees) || SPONSORED_POOL;
    await db.transaction(async (tx) => {
      await transfer(tx, {
        from: await systemAccount(tx, "fitcoinIssuance"),
        to: await poolAccount(tx, poolKey(pool.id)),
        amount,
        currency: "FC",
        kind: "pool_contribution",
        description: "Bench: prize pool",
        reference: poolKey(pool.id),
      });
    });
  }

  // As autovacuum would have by now: fresh planner statistics and visibility maps.
  await db.execute(sql`vacuum analyze`);
  return { members, viewerIds, settleId: settle.id, seconds: round((performance.now() - started) / 1000) };
}

/** One viewer's list, fetched once and checked: every running competition, each with its top 5. */
async function checkShape(port: number, member: Member) {
  const res = await fetch(`http://127.0.0.1:${port}/api/competitions`, {
    headers: { cookie: member.cookie, "x-device-fingerprint": member.fingerprint },
  });
  const text = await res.text();
  if (res.status !== 200) return { ok: false, status: res.status, bytes: text.length };
  const list = JSON.parse(text) as Competition[];
  const mine = list.filter((c) => c.isParticipant);
  const ok =
    list.length === COMPETITIONS &&
    list.every(
      (c) => c.leaderboard.length === 5 && c.status === "active" && c.participantCount === PARTICIPANTS,
    ) &&
    mine.length === VIEWER_COMPETITIONS &&
    mine.every((c) => c.userRank !== null);
  return { ok, status: res.status, bytes: Buffer.byteLength(text) };
}

// ---------------------------------------------------------------- server and report

async function bench(database: Database) {
  await migrate(database);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    // Served as in production, on the sandbox payments and gift cards a bench needs.
    ALLOW_SANDBOX_IN_PRODUCTION: "1",
    PUBLIC_URL: "http://127.0.0.1",
    SESSION_SECRET: "bench-secret-bench-secret-0123456789",
    // Setting up signs every viewer in from one address.
    AUTH_RATE_LIMIT: String(VIEWERS * 2 + 10),
  });
  // The production logger (level from LOG_LEVEL, info by default), written to /dev/null so that
  // the report stays the only output.
  const app = await buildApp({
    config,
    db: database.db,
    logger: loggerOptions(config.logLevel, "/dev/null"),
  });
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as AddressInfo).port;
    const setup = await setUp(app, database);
    const shape = await checkShape(port, setup.members[0]);

    const job = {
      port,
      members: setup.members,
      concurrency: CONCURRENCY,
      warmupMs: WARMUP_MS,
      durationMs: DURATION_MS,
    };
    // The viewers' phones sync throughout the three measurements.
    const syncing = startInChildProcess<LoadJob, LoadResult>(self, {
      ...job,
      kind: "syncs",
      rate: SYNC_RATE,
      warmupMs: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const list = await inChildProcess<LoadJob, LoadResult>(self, { ...job, kind: "list" });
    const listRps = Math.round(list.requests / list.seconds);
    const halfRate = Math.max(1, Math.round(listRps / 2));
    // The server's event loop: a blocked loop delays every answer at once.
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const atHalf = await inChildProcess<LoadJob, LoadResult>(self, {
      ...job,
      kind: "listRate",
      rate: halfRate,
    });
    loopDelay.disable();
    const health = await inChildProcess<LoadJob, LoadResult>(self, { ...job, kind: "health" });
    syncing.send({ stop: true });
    const syncs = await syncing.result;

    // Settlement of the 10,000, timed as the scheduler would run it.
    const t0 = performance.now();
    const outcome = await settleCompetition(app.ctx, setup.settleId);
    const settleMs = round(performance.now() - t0);
    const [prizes] = await queryRows<{ transfers: number; total: string; pool: string; unranked: number }>(
      database.db,
      sql`select count(*)::int as transfers, coalesce(sum(t.amount), 0)::text as total,
          (select balance::text from ledger_accounts where owner_key = ${poolKey(setup.settleId)} and currency = 'FC') as pool,
          (select count(*)::int from competition_participants
            where competition_id = ${setup.settleId} and final_position is null) as unranked
        from ledger_transfers t where t.kind = 'prize' and t.reference = ${poolKey(setup.settleId)}`,
    );
    const settleOk =
      outcome === "settled" &&
      prizes.transfers >= 1 &&
      Number(prizes.total) === SETTLE_POOL &&
      Number(prizes.pool) === 0 &&
      prizes.unranked === 0;
    const audit = await auditLedger(database.db);

    const sum = (failures: Record<string, number>) => Object.values(failures).reduce((a, n) => a + n, 0);
    const healthRps = Math.round(health.requests / health.seconds);
    return {
      setupSeconds: setup.seconds,
      shapeOk: shape.ok,
      listBytes: shape.bytes,
      listRps,
      listP50Ms: percentile(list.latencies, 0.5),
      listP99Ms: percentile(list.latencies, 0.99),
      listErrors: sum(list.failures) + sum(atHalf.failures),
      listFailures: { ...list.failures, ...atHalf.failures },
      listCpuPctOfOneCore: list.cpu,
      atHalf: {
        offeredPerSec: halfRate,
        rps: Math.round(atHalf.requests / atHalf.seconds),
        p50Ms: percentile(atHalf.latencies, 0.5),
        p90Ms: percentile(atHalf.latencies, 0.9),
        p99Ms: percentile(atHalf.latencies, 0.99),
        maxMs: round(atHalf.latencies.at(-1) ?? 0),
        // The load generator's own lateness, included in the latencies above.
        sendLagP99Ms: percentile(atHalf.sendLags, 0.99),
        serverLoopDelayP99Ms: round(loopDelay.percentile(99) / 1e6),
        serverLoopDelayMaxMs: round(loopDelay.max / 1e6),
        cpuPctOfOneCore: atHalf.cpu,
      },
      healthRps,
      healthP99Ms: percentile(health.latencies, 0.99),
      healthErrors: sum(health.failures),
      healthCpuPctOfOneCore: health.cpu,
      listToHealthPct: healthRps > 0 ? round((100 * listRps) / healthRps) : 0,
      backgroundSyncsPerSec: Math.round((syncs.requests - sum(syncs.failures)) / syncs.seconds),
      background: {
        offeredPerSec: SYNC_RATE,
        p50Ms: percentile(syncs.latencies, 0.5),
        p99Ms: percentile(syncs.latencies, 0.99),
        failures: syncs.failures,
        generatorCpuPctOfOneCore: syncs.cpuPct,
      },
      settle10kMs: settleMs,
      settleOutcome: outcome,
      settleOk,
      prizeTransfers: prizes.transfers,
      auditOk: audit.ok,
    };
  } finally {
    await app.close();
  }
}

if (!isLoadGenerator) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      "bench:competitions runs on PostgreSQL only: set DATABASE_URL to a server where it may create " +
        "(and drop) a scratch database, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres",
    );
    process.exit(1);
  }
  const measured = await withScratchDatabase(url, "steprace_bench_competitions", bench);
  const met =
    measured.shapeOk &&
    measured.listErrors === 0 &&
    measured.listToHealthPct >= GOAL.listToHealthPct &&
    measured.atHalf.p99Ms < GOAL.p99AtHalfMs &&
    measured.settle10kMs < GOAL.settle10kMs &&
    measured.settleOk &&
    measured.auditOk;
  console.log(
    JSON.stringify({
      benchmark: "GET /api/competitions",
      database: "postgres",
      members: VIEWERS + BULK_MEMBERS + 1,
      viewers: VIEWERS,
      competitions: COMPETITIONS,
      participantsPerCompetition: PARTICIPANTS,
      settleParticipants: SETTLE_PARTICIPANTS,
      concurrency: CONCURRENCY,
      warmupSeconds: WARMUP_MS / 1000,
      seconds: DURATION_MS / 1000,
      ...measured,
      goal: GOAL,
      met,
    }),
  );
}
