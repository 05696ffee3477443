// `npm run bench:ledger`: transfers per second through ledger.transfer(), each in its own
// transaction, one client at a time and 20 concurrent clients; on PGlite always, and on
// PostgreSQL when DATABASE_URL is set (in a scratch database created and dropped on that server).
// Prints one JSON line.
import pg from "pg";
import { type Database, openDatabase } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { users } from "../src/server/db/schema";
import { systemAccount, userAccount } from "../src/server/ledger/accounts";
import { auditLedger } from "../src/server/ledger/audit";
import { bookFitcoinPurchase } from "../src/server/ledger/fitcoin-purchase";
import { transfer } from "../src/server/ledger/transfer";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const SINGLE = Number(process.env.BENCH_SINGLE ?? 1000);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 4000);
const CLIENTS = 20;
const CONVERSIONS = Number(process.env.BENCH_CONVERSIONS ?? 1000);

async function prepare(database: Database): Promise<number[]> {
  const db = database.db;
  const ids = await db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        username: `bench${i}`,
        email: `bench${i}@bench.test`,
        passwordHash: "x",
        firstName: "Bench",
        lastName: String(i),
      })),
    )
    .returning({ id: users.id });
  const accounts: number[] = [];
  for (const { id } of ids) {
    await db.transaction(async (tx) => {
      const account = await userAccount(tx, id, "USD");
      await transfer(tx, {
        from: await systemAccount(tx, "cardPayments", id),
        to: account,
        amount: 100_000_000,
        currency: "USD",
        kind: "deposit",
        description: "Bench funds",
      });
      accounts.push(account);
    });
  }
  return accounts;
}

async function memberIds(database: Database): Promise<number[]> {
  return (await database.db.select({ id: users.id }).from(users)).map((u) => u.id);
}

async function run(database: Database, accounts: number[], count: number, clients: number) {
  let next = 0;
  const started = performance.now();
  const latencies: number[] = [];
  async function client() {
    while (next < count) {
      const i = next++;
      const from = accounts[i % accounts.length];
      const to = accounts[(i * 7 + 3) % accounts.length];
      if (from === to) continue;
      const t0 = performance.now();
      await database.db.transaction((tx) =>
        transfer(tx, {
          from,
          to,
          amount: 1 + (i % 500),
          currency: "USD",
          kind: "winnings",
          description: "bench",
        }),
      );
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(latencies[Math.floor((latencies.length - 1) * p)] * 100) / 100;
  return {
    transfers: latencies.length,
    seconds: Math.round(seconds * 100) / 100,
    perSecond: Math.round(latencies.length / seconds),
    p50ms: pct(0.5),
    p99ms: pct(0.99),
  };
}

/**
 * FitCoin purchases as the app books them (bookFitcoinPurchase: reserve, fee and issuance in one
 * transaction), paid from the member's wallet (a conversion) or by card (card payments). The
 * system accounts are sharded by member, so purchases of different members rarely meet on a row.
 * Reported as purchases per second.
 */
async function runPurchases(
  database: Database,
  members: number[],
  count: number,
  clients: number,
  paidBy: "wallet" | "card",
) {
  const db = database.db;
  const wallets = await db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const id of members) ids.push(await userAccount(tx, id, "USD"));
    return ids;
  });
  let next = 0;
  let done = 0;
  const latencies: number[] = [];
  const started = performance.now();
  async function client() {
    while (next < count) {
      const i = next++ % members.length;
      const t0 = performance.now();
      await db.transaction(async (tx) =>
        bookFitcoinPurchase(tx, {
          userId: members[i],
          from: paidBy === "wallet" ? wallets[i] : await systemAccount(tx, "cardPayments", members[i]),
          amountCents: 100,
          describe: () => ({ reserve: "bench", fee: "bench", fc: "bench" }),
          key: () => null,
        }),
      );
      latencies.push(performance.now() - t0);
      done++;
    }
  }
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(latencies[Math.floor((latencies.length - 1) * p)] * 100) / 100;
  return {
    purchases: done,
    seconds: Math.round(seconds * 100) / 100,
    perSecond: Math.round(done / seconds),
    p50ms: pct(0.5),
    p99ms: pct(0.99),
  };
}

async function bench(database: Database, memberIds: () => Promise<number[]>) {
  await migrate(database);
  const accounts = await prepare(database);
  const single = await run(database, accounts, SINGLE, 1);
  const concurrent = await run(database, accounts, CONCURRENT, CLIENTS);
  const members = await memberIds();
  const conversions = await runPurchases(database, members, CONVERSIONS, CLIENTS, "wallet");
  const cardPurchases = await runPurchases(database, members, CONVERSIONS, CLIENTS, "card");
  const audit = await auditLedger(database.db);
  return {
    single,
    [`concurrent${CLIENTS}`]: concurrent,
    [`conversions${CLIENTS}`]: conversions,
    [`cardPurchases${CLIENTS}`]: cardPurchases,
    auditOk: audit.ok,
  };
}

const result: Record<string, unknown> = { benchmark: "ledger.transfer", clients: CLIENTS };
const lite = await openDatabase({ kind: "pglite" });
result.pglite = await bench(lite, () => memberIds(lite));
await lite.close();

if (process.env.DATABASE_URL) {
  const name = `steprace_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: CLIENTS });
  try {
    result.postgres = await bench(database, () => memberIds(database));
  } finally {
    await database.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
console.log(JSON.stringify(result));
