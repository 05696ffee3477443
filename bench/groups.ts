// `npm run bench:groups`: the group page at scale, on PostgreSQL (DATABASE_URL; a scratch database is
// created on that server and dropped after). Setup, mostly in SQL: ~10,000 members, 200 groups of 50
// (roles and member counts kept), each with a running group competition (a competitions row with
// group_id, participants whose standings differ), a pool funded through the ledger from FitCoin
// issuance, recent contributions and 300 chat messages spread over the last days. 200 signed-in
// viewer members (real sessions, each in two of the groups) then ask over HTTP with keep-alive, while
// their phones keep syncing steps in the background (a second child process, `POST /api/steps` at a
// steady rate): the group detail (`GET /api/groups/:id`) and the chat poll
// (`GET /api/groups/:id/messages`, every open chat asks it every 3 s) each in a closed loop (the most
// the server answers); both mixed in an open loop (latency counted from when each request was due)
// at a realistic rate (every viewer's chat open, polling every 3 s, plus detail refreshes) and at
// half the chat poll's saturation rate; and `GET /api/health` in the same conditions, just before the
// detail and just after the chat (the ratios use the mean of the two windows). Last, the books are
// audited. Prints one JSON line.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Group, GroupMessage } from "../src/core/schemas/groups";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { type Database, queryRows } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { groupKey } from "../src/server/features/groups/groups.repo";
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

/** Signed-in members who open their groups and chats (and sync steps in the background). */
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
/** Members inserted in bulk (SQL): the rest of every group. */
const BULK_MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const GROUPS = 200;
const MEMBERS_PER_GROUP = 50;
/** Each viewer is a member of this many groups. */
const VIEWER_GROUPS = 2;
const MESSAGES_PER_GROUP = 300;
const CONTRIBUTIONS_PER_GROUP = 12;
/** Entry price (hundredths) every member paid in; with the contributions, what each pool holds. */
const ENTRY_PRICE = 1500;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 3000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
/** The open loops' measured window: at the realistic rate the detail is asked ~7 times a second,
 * so 20 s give ~130 of them for its p99 (10 s would make it the slowest of ~67). */
const OPEN_DURATION_MS = Number(process.env.BENCH_OPEN_DURATION_MS ?? 20_000);
/** Background step syncs a second while the group routes are measured. */
const SYNC_RATE = Number(process.env.BENCH_SYNC_RATE ?? 300);
/** The web app's group chat polls this often (GROUP_CHAT_POLL_MS) while it is open. */
const CHAT_POLL_MS = 3000;
/** How often a viewer's group page is fetched again (navigation, focus, after a change). */
const DETAIL_REFRESH_MS = Number(process.env.BENCH_DETAIL_REFRESH_MS ?? 30_000);
/** Realistic load: every viewer with an open chat, plus the detail refreshes. */
const REALISTIC = {
  chat: (VIEWERS * 1000) / CHAT_POLL_MS,
  detail: (VIEWERS * 1000) / DETAIL_REFRESH_MS,
};
const GOAL = { p99Ms: 50, toHealthPct: 25 };
/** BENCH_ONLY=detail or chat runs that closed loop alone (with the background syncs), for a
 * profile of its path (`node --cpu-prof`); the report then holds that loop only. */
const ONLY =
  process.env.BENCH_ONLY === "detail" || process.env.BENCH_ONLY === "chat" ? process.env.BENCH_ONLY : null;
const TIME_ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney"];

/** This module: the load generator is this file again, forked with `--load-generator`. */
const self = new URL(import.meta.url);

type Member = { cookie: string; fingerprint: string; groups: number[] };
type Rates = { detail: number; chat: number };
type LoadJob = {
  port: number;
  /** detail / chat / health: closed loop, `concurrency` clients back to back; mix: two open loops
   * (detail and chat polls) started at `rates` a second whatever the answers; syncs: step syncs
   * at `rate` a second until the parent sends `{ stop: true }`. */
  kind: "detail" | "chat" | "mix" | "health" | "syncs";
  rate?: number;
  rates?: Rates;
  members: Member[];
  concurrency: number;
  warmupMs: number;
  durationMs: number;
};
type Latencies = {
  /** Requests answered inside the measured window. */
  requests: number;
  /** Latencies in ms of the requests answered inside the measured window, sorted. */
  latencies: Float64Array;
  /** Status codes other than 200 (and transport errors as "error"), warm-up included. */
  failures: Record<string, number>;
  /** Open loop: how late each request was sent after it was due (ms), sorted. */
  sendLags: Float64Array;
};
type LoadResult = Latencies & {
  /** CPU time of the load generator in the measured window (syncs: its whole run), in % of one core. */
  cpuPct: number;
  seconds: number;
  /** mix: each route's own figures (the top-level ones are both together). */
  routes?: { detail: Latencies; chat: Latencies };
};

// ---------------------------------------------------------------- load generator (child process)

const sorted = (values: number[]) => Float64Array.from(values).sort();

/** Two loads' failures added up, by kind. */
function addedFailures(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const failures = { ...a };
  for (const [key, n] of Object.entries(b)) failures[key] = (failures[key] ?? 0) + n;
  return failures;
}

function latencies(recorder: Recorder, sendLags: number[]): Latencies {
  return {
    requests: recorder.measured,
    latencies: sorted(recorder.latencies),
    failures: recorder.failures,
    sendLags: sorted(sendLags),
  };
}

async function backgroundSyncs(job: LoadJob): Promise<LoadResult> {
  // Open-ended: the phones sync until the measurements are done.
  const connections: Connection[] = [];
  const sendLags: number[] = [];
  const start = performance.now();
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
        `POST /api/steps HTTP/1.1\r\nHost: 127.0.0.1:${job.port}\r\nCookie: ${member.cookie}\r\n` +
          `X-Device-Fingerprint: ${member.fingerprint}\r\n` +
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
    ...latencies(recorder, sendLags),
    cpuPct: Math.round((100 * (used.user + used.system)) / 1000 / elapsedMs),
    seconds: elapsedMs / 1000,
  };
}

async function generateLoad(job: LoadJob): Promise<LoadResult> {
  if (job.kind === "syncs") return backgroundSyncs(job);
  const connections: Connection[] = [];
  const measureFrom = performance.now() + job.warmupMs;
  const stopAt = measureFrom + job.durationMs;
  // The server marks its own CPU time (and the database's) at the same two moments.
  const marks = cpuMarks(job.warmupMs, job.durationMs);
  const loop = { port: job.port, stopAt, connections };

  if (job.kind === "health") {
    const recorder = new Recorder(measureFrom, stopAt);
    const head = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${job.port}\r\n\r\n`;
    await closedLoop({
      ...loop,
      clients: job.concurrency,
      members: Array.from({ length: job.concurrency }, (_, k) => k),
      send: async (connection, _, t0) => recorder.record(t0, await connection.request(head)),
    });
    for (const connection of connections) connection.close();
    return { ...latencies(recorder, []), cpuPct: await marks.cpuPct(), seconds: job.durationMs / 1000 };
  }

  // Each viewer's requests, built once: their groups taken in turn.
  const requestsOf = (path: (groupId: number) => string) => {
    const built = new Map<Member, { next: number; texts: string[] }>();
    for (const m of job.members) {
      const texts = m.groups.map(
        (g) =>
          `GET ${path(g)} HTTP/1.1\r\nHost: 127.0.0.1:${job.port}\r\nCookie: ${m.cookie}\r\n` +
          `X-Device-Fingerprint: ${m.fingerprint}\r\n\r\n`,
      );
      built.set(m, { next: 0, texts });
    }
    return (member: Member) => {
      const mine = built.get(member) as { next: number; texts: string[] };
      return mine.texts[mine.next++ % mine.texts.length] as string;
    };
  };
  const detailOf = requestsOf((g) => `/api/groups/${g}`);
  const chatOf = requestsOf((g) => `/api/groups/${g}/messages`);

  if (job.kind === "detail" || job.kind === "chat") {
    const recorder = new Recorder(measureFrom, stopAt);
    const requestOf = job.kind === "detail" ? detailOf : chatOf;
    await closedLoop({
      ...loop,
      clients: Math.min(job.concurrency, job.members.length),
      members: job.members,
      send: async (connection, member, t0) =>
        recorder.record(t0, await connection.request(requestOf(member))),
    });
    for (const connection of connections) connection.close();
    return { ...latencies(recorder, []), cpuPct: await marks.cpuPct(), seconds: job.durationMs / 1000 };
  }

  // mix: the chat polls and the detail refreshes, each an open loop of its own at its own rate
  // (a viewer may have one of each in flight, as a phone with the group page open does).
  const rates = job.rates ?? REALISTIC;
  const open = async (rate: number, requestOf: (m: Member) => string) => {
    const recorder = new Recorder(measureFrom, stopAt);
    const sendLags: number[] = [];
    const skipped = await openLoop({
      ...loop,
      rate,
      members: job.members,
      measureFrom,
      sendLags,
      send: async (connection, member, t0) =>
        recorder.record(t0, await connection.request(requestOf(member))),
    });
    if (skipped > 0) recorder.failures.noIdleMember = skipped;
    return { recorder, sendLags };
  };
  const [detail, chat] = await Promise.all([open(rates.detail, detailOf), open(rates.chat, chatOf)]);
  for (const connection of connections) connection.close();
  return {
    requests: detail.recorder.measured + chat.recorder.measured,
    latencies: sorted([...detail.recorder.latencies, ...chat.recorder.latencies]),
    failures: addedFailures(detail.recorder.failures, chat.recorder.failures),
    sendLags: sorted([...detail.sendLags, ...chat.sendLags]),
    cpuPct: await marks.cpuPct(),
    seconds: job.durationMs / 1000,
    routes: {
      detail: latencies(detail.recorder, detail.sendLags),
      chat: latencies(chat.recorder, chat.sendLags),
    },
  };
}

serveLoadJobs(generateLoad);

// ---------------------------------------------------------------- setup

type Setup = {
  members: Member[];
  /** Hundredths of a FitCoin in each group's pool, by group id. */
  pools: Map<number, number>;
  seconds: number;
};

async function setUp(app: Awaited<ReturnType<typeof buildApp>>, database: Database): Promise<Setup> {
  const db = database.db;
  const started = performance.now();
  const admin = await buildUser(app, { isAdmin: true, firstName: "Admin" });

  // Viewers: real members through the factories, signed in through the login route, a few at a time.
  const viewers: { id: number; cookie: string; fingerprint: string }[] = [];
  for (let i = 0; i < VIEWERS; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, VIEWERS - i) }, async (_, k) => {
        const user = await buildUser(app, { timeZone: TIME_ZONES[(i + k) % TIME_ZONES.length] });
        return { user, session: await loginAs(app, user) };
      }),
    );
    for (const { user, session } of batch) {
      viewers.push({ id: user.id, cookie: session.cookie, fingerprint: session.fingerprint });
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
  // Their wallets, empty (no transfers), so that the ledger holds as many accounts as a real
  // member base's and a pool's balance is looked up among them.
  await db.execute(sql`insert into ledger_accounts (owner_key, user_id, currency)
    select 'user:' || u.id, u.id, c.currency from users u cross join (values ('FC'), ('USD')) c(currency)
    where u.username like 'bulk%'
    on conflict do nothing`);

  // Groups made over the last weeks, one in three private, each with a pool goal and entry price;
  // created_by is set to their first member below.
  await db.execute(sql`insert into groups
      (name, description, is_private, pool_goal, pool_entry_price, invite_code, created_by, created_at)
    select 'Bench group ' || k, 'Fifty walkers and a weekly race', k % 3 = 0, 500000, ${ENTRY_PRICE},
      'BENCHG' || lpad(k::text, 4, '0'), ${admin.id}, now() - interval '30 days' + k * interval '2 hours'
    from generate_series(0, ${GROUPS - 1}) k`);
  const numbered = sql`(select id, created_at, row_number() over (order by id) - 1 as k from groups)`;

  // Viewer v is in groups v mod 200 and (v + 100) mod 200, the first of them since its creation;
  // the bulk members fill every group up to 50, group k taking the k-th block of them.
  const slots = viewers.flatMap((v, i) =>
    Array.from({ length: VIEWER_GROUPS }, (_, j) => ({
      id: v.id,
      k: (i + (j * GROUPS) / VIEWER_GROUPS) % GROUPS,
      j,
    })),
  );
  const column = (values: number[]) =>
    sql`array[${sql.join(
      values.map((n) => sql`${n}`),
      sql`, `,
    )}]::int[]`;
  await db.execute(sql`insert into group_members (group_id, user_id, role, joined_at)
    select g.id, s.user_id, 'member', g.created_at + (s.j * 30 + s.user_id % 30) * interval '1 minute'
    from ${numbered} g join unnest(${column(slots.map((s) => s.id))}, ${column(slots.map((s) => s.k))},
      ${column(slots.map((s) => s.j))}) as s(user_id, k, j) on s.k = g.k`);
  const bulk = sql`(select id, row_number() over (order by id) - 1 as n from users where username like 'bulk%')`;
  await db.execute(sql`insert into group_members (group_id, user_id, role, joined_at)
    select g.id, b.id, 'member', g.created_at + interval '1 day' + j * interval '37 minutes'
    from (select n.*, (select count(*) from group_members m where m.group_id = n.id)::int as have
        from ${numbered} n) g
      cross join lateral generate_series(0, ${MEMBERS_PER_GROUP} - 1 - g.have) j
      join ${bulk} b on b.n = (g.k * ${MEMBERS_PER_GROUP} + j) % ${BULK_MEMBERS}`);
  // The first member created the group and is its admin, as is the third to join.
  await db.execute(sql`update group_members m set role = 'admin'
    from (select group_id, user_id, row_number() over (partition by group_id order by joined_at, user_id) as r
      from group_members) f
    where f.group_id = m.group_id and f.user_id = m.user_id and f.r in (1, 3)`);
  await db.execute(sql`update groups g set created_by = f.user_id,
      member_count = (select count(*) from group_members m where m.group_id = g.id)
    from (select distinct on (group_id) group_id, user_id from group_members order by group_id, joined_at, user_id) f
    where f.group_id = g.id`);

  // Each group's running competition: started a day ago, ending in 6 days, every member taking part.
  await db.execute(sql`insert into competitions
      (name, description, start_date, end_date, entry_deadline_hours, invite_code, created_by, group_id)
    select g.name, g.description, now() - interval '1 day', now() + interval '6 days', 24,
      'BENCHGC' || lpad(g.id::text, 4, '0'), g.created_by, g.id
    from groups g`);
  await db.execute(
    sql`update groups g set competition_id = c.id from competitions c where c.group_id = g.id`,
  );
  await db.execute(sql`insert into competition_participants (competition_id, user_id, joined_at)
    select g.competition_id, m.user_id, now() - interval '25 hours'
    from group_members m join groups g on g.id = m.group_id`);
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

  // Recent contributions (1 to 500 FC) by members, spread over the last week.
  await db.execute(sql`insert into group_contributions (group_id, user_id, amount, description, created_at)
    select g.id, (g.ids)[1 + (j * 13 + g.id) % cardinality(g.ids)], 100 * (1 + (j * 7919 + g.id) % 500),
      case when j % 3 = 0 then 'For the winner''s pot' end,
      now() - interval '7 days' + j * interval '12 hours' + g.id * interval '1 minute'
    from (select m.group_id as id, array_agg(m.user_id order by m.user_id) as ids from group_members m group by m.group_id) g
      cross join generate_series(0, ${CONTRIBUTIONS_PER_GROUP - 1}) j
    order by 5`);

  // Chat: 300 messages a group over the last 3 days, by its members, in the order they were sent.
  await db.execute(sql`insert into chat_messages (room, user_id, message, created_at)
    select 'group:' || g.id, (g.ids)[1 + (j * 31 + g.id) % cardinality(g.ids)],
      left('Great walk this morning! Who is up for an evening loop around the park? I am at 9k already '
        || 'and the hill by the river counts double in my book.', 12 + (j * 37 + g.id) % 130),
      now() - interval '3 days' + j * (interval '3 days' / ${MESSAGES_PER_GROUP}) + g.id * interval '1 second'
    from (select m.group_id as id, array_agg(m.user_id order by m.user_id) as ids from group_members m group by m.group_id) g
      cross join generate_series(0, ${MESSAGES_PER_GROUP - 1}) j
    order by 4`);

  // Pools: every member's entry price and the contributions, from FitCoin issuance through the ledger.
  const funding = await queryRows<{ id: number; amount: string }>(
    db,
    sql`select g.id, (g.member_count * ${ENTRY_PRICE}
        + coalesce((select sum(c.amount) from group_contributions c where c.group_id = g.id), 0))::text as amount
      from groups g order by g.id`,
  );
  const pools = new Map<number, number>();
  for (const pool of funding) {
    const amount = Number(pool.amount);
    pools.set(pool.id, amount);
    await db.transaction(async (tx) => {
      await transfer(tx, {
        from: await systemAccount(tx, "fitcoinIssuance"),
        to: await poolAccount(tx, groupKey(pool.id)),
        amount,
        currency: "FC",
        kind: "pool_contribution",
        description: "Bench: group pool",
        reference: groupKey(pool.id),
      });
    });
  }

  // As autovacuum would have by now: fresh planner statistics and visibility maps.
  await db.execute(sql`vacuum analyze`);

  const mine = await queryRows<{ user_id: number; ids: number[] }>(
    db,
    sql`select user_id, array_agg(group_id order by group_id) as ids from group_members
      where user_id = any(${column(viewers.map((v) => v.id))}) group by user_id`,
  );
  const groupsOf = new Map(mine.map((r) => [r.user_id, r.ids]));
  return {
    members: viewers.map((v) => ({
      cookie: v.cookie,
      fingerprint: v.fingerprint,
      groups: groupsOf.get(v.id) ?? [],
    })),
    pools,
    seconds: round((performance.now() - started) / 1000),
  };
}

/** One viewer's group and chat, fetched once and checked; and a chat of a group not theirs refused. */
async function checkShape(port: number, setup: Setup) {
  const [member] = setup.members;
  const groupId = member.groups[0];
  const headers = { cookie: member.cookie, "x-device-fingerprint": member.fingerprint };
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;
  const detailRes = await fetch(url(`/api/groups/${groupId}`), { headers });
  const detailText = await detailRes.text();
  const chatRes = await fetch(url(`/api/groups/${groupId}/messages`), { headers });
  const chatText = await chatRes.text();
  const other = [...setup.pools.keys()].find((id) => !member.groups.includes(id)) ?? 0;
  const refused = await fetch(url(`/api/groups/${other}/messages`), { headers });
  await refused.arrayBuffer();
  if (detailRes.status !== 200 || chatRes.status !== 200) {
    return { ok: false, detailBytes: 0, chatBytes: 0 };
  }
  const group = JSON.parse(detailText) as Group;
  const chat = JSON.parse(chatText) as GroupMessage[];
  const pool = (setup.pools.get(groupId) ?? 0) / 100;
  const ok =
    member.groups.length === VIEWER_GROUPS &&
    group.role !== null &&
    group.memberCount === MEMBERS_PER_GROUP &&
    group.members.length === MEMBERS_PER_GROUP &&
    group.members.filter((m) => m.role === "admin").length === 2 &&
    group.competitionStatus === "active" &&
    group.leaderboard.length === 5 &&
    Number(group.poolBalance) === pool &&
    chat.length === 100 &&
    chat.every((m, i) => i === 0 || m.id > chat[i - 1].id) &&
    refused.status === 403;
  return { ok, detailBytes: Buffer.byteLength(detailText), chatBytes: Buffer.byteLength(chatText) };
}

// ---------------------------------------------------------------- server and report

const sum = (failures: Record<string, number>) => Object.values(failures).reduce((a, n) => a + n, 0);

const route = (l: Latencies, seconds: number) => ({
  requests: l.requests,
  rps: Math.round(l.requests / seconds),
  p50Ms: percentile(l.latencies, 0.5),
  p90Ms: percentile(l.latencies, 0.9),
  p99Ms: percentile(l.latencies, 0.99),
  maxMs: round(l.latencies.at(-1) ?? 0),
  // The load generator's own lateness, included in the latencies above.
  sendLagP99Ms: percentile(l.sendLags, 0.99),
  errors: sum(l.failures),
});

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
    const shape = await checkShape(port, setup);

    const job = {
      port,
      members: setup.members,
      concurrency: CONCURRENCY,
      warmupMs: WARMUP_MS,
      durationMs: DURATION_MS,
    };
    // The viewers' phones sync throughout the measurements.
    const syncing = startInChildProcess<LoadJob, LoadResult>(self, {
      ...job,
      kind: "syncs",
      rate: SYNC_RATE,
      warmupMs: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (ONLY) {
      const alone = await inChildProcess<LoadJob, LoadResult>(self, { ...job, kind: ONLY });
      syncing.send({ stop: true });
      await syncing.result;
      return {
        only: ONLY,
        rps: Math.round(alone.requests / alone.seconds),
        p50Ms: percentile(alone.latencies, 0.5),
        p99Ms: percentile(alone.latencies, 0.99),
        errors: sum(alone.failures),
        cpuPctOfOneCore: alone.cpu,
      };
    }
    // The health check's rate is measured just before the detail and just after the chat, and
    // the ratios use the mean of the two: measured once, minutes after the routes (after the mixed
    // loads), the host had drifted in between, and the detail's share swung from 24 to 33% of it.
    const healthBefore = await inChildProcess<LoadJob, LoadResult>(self, { ...job, kind: "health" });
    const detail = await inChildProcess<LoadJob, LoadResult>(self, { ...job, kind: "detail" });
    const chat = await inChildProcess<LoadJob, LoadResult>(self, { ...job, kind: "chat" });
    const healthAfter = await inChildProcess<LoadJob, LoadResult>(self, { ...job, kind: "health" });
    const chatRps = Math.round(chat.requests / chat.seconds);
    // The server's event loop: a blocked loop delays every answer at once.
    const mixed = async (rates: Rates) => {
      const loopDelay = monitorEventLoopDelay({ resolution: 5 });
      loopDelay.enable();
      const result = await inChildProcess<LoadJob, LoadResult>(self, {
        ...job,
        kind: "mix",
        rates,
        durationMs: OPEN_DURATION_MS,
      });
      loopDelay.disable();
      const routes = result.routes as { detail: Latencies; chat: Latencies };
      return {
        offeredPerSec: round(rates.detail + rates.chat),
        rps: Math.round(result.requests / result.seconds),
        p50Ms: percentile(result.latencies, 0.5),
        p90Ms: percentile(result.latencies, 0.9),
        p99Ms: percentile(result.latencies, 0.99),
        detailP99Ms: percentile(routes.detail.latencies, 0.99),
        chatP99Ms: percentile(routes.chat.latencies, 0.99),
        detail: { offeredPerSec: round(rates.detail), ...route(routes.detail, result.seconds) },
        chat: { offeredPerSec: round(rates.chat), ...route(routes.chat, result.seconds) },
        serverLoopDelayP99Ms: round(loopDelay.percentile(99) / 1e6),
        serverLoopDelayMaxMs: round(loopDelay.max / 1e6),
        cpuPctOfOneCore: result.cpu,
        failures: result.failures,
      };
    };
    const realistic = await mixed(REALISTIC);
    // Half the chat poll's saturation rate in all, in the realistic proportion of the two routes.
    const half = Math.max(1, chatRps / 2);
    const share = REALISTIC.detail / (REALISTIC.detail + REALISTIC.chat);
    const atHalfChat = await mixed({ detail: half * share, chat: half * (1 - share) });
    syncing.send({ stop: true });
    const syncs = await syncing.result;
    const audit = await auditLedger(database.db);

    const closed = (r: LoadResult & { cpu: unknown }) => ({
      rps: Math.round(r.requests / r.seconds),
      p50Ms: percentile(r.latencies, 0.5),
      p99Ms: percentile(r.latencies, 0.99),
      errors: sum(r.failures),
      cpuPctOfOneCore: r.cpu,
    });
    const healthWindows = [healthBefore, healthAfter].map((h) => h.requests / h.seconds);
    const healthRps = Math.round((healthWindows[0] + healthWindows[1]) / 2);
    const health = {
      latencies: sorted([...healthBefore.latencies, ...healthAfter.latencies]),
      failures: addedFailures(healthBefore.failures, healthAfter.failures),
      // The CPU shares are the second window's only.
      cpu: healthAfter.cpu,
    };
    const ofHealth = (r: LoadResult) =>
      healthRps > 0 ? round((100 * r.requests) / r.seconds / healthRps) : 0;
    return {
      setupSeconds: setup.seconds,
      shapeOk: shape.ok,
      detailBytes: shape.detailBytes,
      chatBytes: shape.chatBytes,
      detail: closed(detail),
      chat: closed(chat),
      realistic,
      atHalfChat,
      healthRps,
      healthRpsBeforeAndAfter: healthWindows.map((n) => Math.round(n)),
      detailToHealthPct: ofHealth(detail),
      chatToHealthPct: ofHealth(chat),
      healthP99Ms: percentile(health.latencies, 0.99),
      healthErrors: sum(health.failures),
      healthCpuPctOfOneCore: health.cpu,
      backgroundSyncsPerSec: Math.round((syncs.requests - sum(syncs.failures)) / syncs.seconds),
      background: {
        offeredPerSec: SYNC_RATE,
        p50Ms: percentile(syncs.latencies, 0.5),
        p99Ms: percentile(syncs.latencies, 0.99),
        failures: syncs.failures,
        generatorCpuPctOfOneCore: syncs.cpuPct,
      },
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
      "bench:groups runs on PostgreSQL only: set DATABASE_URL to a server where it may create " +
        "(and drop) a scratch database, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres",
    );
    process.exit(1);
  }
  // BENCH_DB_PREFIX names the scratch database (several people benching on one server).
  const result = await withScratchDatabase(
    url,
    process.env.BENCH_DB_PREFIX ?? "steprace_bench_groups",
    bench,
  );
  if ("only" in result) {
    console.log(JSON.stringify({ benchmark: `GET /api/groups/:id (${result.only} alone)`, ...result }));
  } else {
    const measured = result;
    const under = (p99: number) => p99 < GOAL.p99Ms;
    const met =
      measured.shapeOk &&
      measured.detail.errors + measured.chat.errors === 0 &&
      measured.detailToHealthPct >= GOAL.toHealthPct &&
      measured.chatToHealthPct >= GOAL.toHealthPct &&
      sum(measured.realistic.failures) + sum(measured.atHalfChat.failures) === 0 &&
      under(measured.realistic.detailP99Ms) &&
      under(measured.realistic.chatP99Ms) &&
      under(measured.atHalfChat.detailP99Ms) &&
      under(measured.atHalfChat.chatP99Ms) &&
      measured.auditOk;
    console.log(
      JSON.stringify({
        benchmark: "GET /api/groups/:id and GET /api/groups/:id/messages",
        database: "postgres",
        members: VIEWERS + BULK_MEMBERS + 1,
        viewers: VIEWERS,
        groups: GROUPS,
        membersPerGroup: MEMBERS_PER_GROUP,
        messagesPerGroup: MESSAGES_PER_GROUP,
        concurrency: CONCURRENCY,
        warmupSeconds: WARMUP_MS / 1000,
        seconds: DURATION_MS / 1000,
        openLoopSeconds: OPEN_DURATION_MS / 1000,
        ...measured,
        goal: GOAL,
        met,
      }),
    );
  }
}
