// The server the browser journeys talk to: a fresh database (on TEST_DATABASE_URL's PostgreSQL
// server when it is set, else embedded), no demo data, and a local SMTP server that writes every
// delivered message to .tmp/e2e-mail so a journey can open its links.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import { freshE2eDatabase, seedE2eAdmin } from "../e2e/support/seed-admin";
import { competitions, groups, subscriptions, users } from "../src/server/db/schema";
import { addCrowd } from "../src/server/test/crowd";
import { startSmtpCapture } from "../src/server/test/smtp-capture";

const mailDir = resolve(".tmp/e2e-mail");
mkdirSync(mailDir, { recursive: true });
// Beside the web port by default, so two journeys servers on different ports never share a mail catcher.
const port = Number(process.env.PORT ?? 3290);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1000);
let seq = 0;
await startSmtpCapture((mail) => {
  seq += 1;
  writeFileSync(join(mailDir, `${Date.now()}-${seq}.json`), JSON.stringify({ to: mail.to, raw: mail.raw }));
}, smtpPort);

const dataDir = mkdtempSync(join(tmpdir(), "steprace-e2e-"));
// With TEST_DATABASE_URL (CI: .ci/run sets it) the server's database is a fresh PostgreSQL database
// of its own on that server, as deployed; without it (a fresh clone), PGlite in dataDir.
const postgresUrl = process.env.TEST_DATABASE_URL
  ? await freshE2eDatabase(process.env.TEST_DATABASE_URL, port)
  : null;
// Only that database: settings of the shell's own (a DATABASE_URL set for the benches) stay out.
for (const key of [
  "DATABASE_URL",
  "DATABASE_DIRECT_URL",
  "DATABASE_REPLICA_URL",
  "DATABASE_POOL_MODE",
  "DATABASE_POOL_SIZE",
])
  delete process.env[key];
// The journeys' site admin (e2e/support/admin.ts): no HTTP call can make one.
await seedE2eAdmin(postgresUrl ? { kind: "postgres", url: postgresUrl } : { kind: "pglite", dataDir });
Object.assign(process.env, {
  DATA_DIR: dataDir,
  ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
  DEMO: "0",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  AUTH_RATE_LIMIT: "1000",
  JOB_TICK_MS: "1000",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
});
// E2E_GIFT_CARDS=tremendous: gift cards are ordered from a fake Tremendous beside the app, whose
// orders wait until the journey delivers them (e2e/gift-card-orders.spec.ts).
const tremendousSecret = "e2e-tremendous-webhook-key";
const fakeTremendous =
  process.env.E2E_GIFT_CARDS === "tremendous"
    ? await (await import("../src/server/test/fake-tremendous")).startFakeTremendous()
    : null;
if (fakeTremendous) {
  fakeTremendous.mode = "pending";
  Object.assign(process.env, {
    GIFT_CARD_PROVIDER: "tremendous",
    TREMENDOUS_API_URL: fakeTremendous.url,
    TREMENDOUS_API_KEY: fakeTremendous.apiKey,
    TREMENDOUS_FUNDING_SOURCE_ID: "balance",
    TREMENDOUS_CAMPAIGN_ID: "E2E_CAMPAIGN",
    TREMENDOUS_WEBHOOK_SECRET: tremendousSecret,
  });
}
// Withings (issue 33) from a fake of its API beside the app (E2E_WITHINGS=0: none), whose consent
// page signs in as a new Withings account each time; the control's /withings gives that account
// steps and sends its webhook (e2e/wearables.spec.ts).
const fakeWithings =
  process.env.E2E_WITHINGS === "0"
    ? null
    : await (await import("../src/server/test/fake-withings")).startFakeWithings();
if (fakeWithings) {
  Object.assign(process.env, {
    WITHINGS_CLIENT_ID: fakeWithings.clientId,
    WITHINGS_CLIENT_SECRET: fakeWithings.clientSecret,
    WITHINGS_API_URL: fakeWithings.url,
    WITHINGS_ACCOUNT_URL: fakeWithings.url,
    STEP_SOURCE_KEY: "5e".repeat(32),
  });
}
const { database } = await import("../src/server/main");

// The journeys' own control, beside the app (never part of it): a journey that syncs a day's steps
// for a member it has just registered makes the account that old first, since a sync may credit only
// what could be walked since the account was created (e2e/support/account-age.ts); a journey about a
// lapsed member ends their paid period on a given day, as the period-end job leaves it; the
// standings journey fills a competition with many walkers at once.
const controlPort = Number(process.env.E2E_CONTROL_PORT ?? port + 2000);
createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => {
    body += chunk;
  });
  request.on("end", async () => {
    try {
      if (request.method !== "POST") throw new Error("not found");
      if (request.url === "/account-age") {
        const { username, ageMs } = JSON.parse(body) as { username: string; ageMs: number };
        await database.db
          .update(users)
          .set({ createdAt: new Date(Date.now() - ageMs) })
          .where(eq(users.username, username));
      } else if (request.url === "/lapse") {
        const { username, endedAt } = JSON.parse(body) as { username: string; endedAt: string };
        const [user] = await database.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.username, username));
        if (!user) throw new Error("no such member");
        await database.db
          .update(subscriptions)
          .set({ status: "expired", currentPeriodEnd: new Date(endedAt) })
          .where(eq(subscriptions.userId, user.id));
      } else if (request.url === "/tremendous" && fakeTremendous) {
        // Tremendous delivers (or fails) every order waiting, and says so by its signed webhook;
        // `down` makes it unreachable.
        const { outcome, down } = JSON.parse(body) as { outcome?: "deliver" | "fail"; down?: boolean };
        if (down !== undefined) fakeTremendous.down = down;
        for (const order of fakeTremendous.orders().filter((o) => o.status === "PENDING APPROVAL")) {
          if (!outcome) break;
          if (outcome === "deliver") fakeTremendous.deliver(order.id);
          else fakeTremendous.fail(order.id);
          const hook = fakeTremendous.webhook(
            outcome === "deliver" ? "REWARDS.DELIVERY.SUCCEEDED" : "ORDERS.FAILED",
            { type: "orders", id: order.id },
            tremendousSecret,
          );
          await fetch(`http://127.0.0.1:${port}/api/webhooks/tremendous`, {
            method: "POST",
            headers: hook.headers,
            body: hook.payload,
          });
        }
      } else if (request.url === "/withings" && fakeWithings) {
        // Every subscribed Withings account walked `steps` from `start` for `seconds`, and Withings
        // says so by its webhook (sent to this server's port, as subscribed).
        const { start, seconds, steps } = JSON.parse(body) as {
          start: string;
          seconds: number;
          steps: number;
        };
        for (const account of fakeWithings.accounts.values()) {
          if (account.subscriptions.length === 0) continue;
          account.intraday.set(Math.floor(new Date(start).getTime() / 1000), { steps, duration: seconds });
          for (const { callbackurl, appli } of account.subscriptions) {
            const hook = new URL(callbackurl);
            const sent = await fetch(`http://127.0.0.1:${port}${hook.pathname}${hook.search}`, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body: `userid=${account.userid}&appli=${appli}&date=${Math.floor(Date.now() / 1000)}`,
            });
            if (!sent.ok) throw new Error(`webhook answered ${sent.status}`);
          }
        }
      } else if (request.url === "/start-round") {
        // The group's round began an hour ago (a form cannot schedule one in the past).
        const { groupId } = JSON.parse(body) as { groupId: number };
        const [group] = await database.db
          .select({ competitionId: groups.competitionId })
          .from(groups)
          .where(eq(groups.id, groupId));
        if (!group?.competitionId) throw new Error("no round scheduled");
        await database.db
          .update(competitions)
          .set({ startDate: new Date(Date.now() - 3600_000) })
          .where(eq(competitions.id, group.competitionId));
      } else if (request.url === "/start-competition") {
        // A competition began an hour ago (the form schedules only in the future).
        const { competitionId } = JSON.parse(body) as { competitionId: number };
        await database.db
          .update(competitions)
          .set({ startDate: new Date(Date.now() - 3600_000) })
          .where(eq(competitions.id, competitionId));
      } else if (request.url === "/crowd") {
        // A board of many walkers for the standings journey, without as many sign-ups.
        const { competitionId, count, base, step } = JSON.parse(body) as {
          competitionId: number;
          count: number;
          base: number;
          step: number;
        };
        await addCrowd(database.db, competitionId, count, { base, step });
      } else {
        throw new Error("not found");
      }
      response.writeHead(204).end();
    } catch (error) {
      response.writeHead(400).end(String(error));
    }
  });
}).listen(controlPort, "127.0.0.1");
