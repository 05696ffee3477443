import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../db/client";
import {
  emailVerifications,
  passwordResets,
  pendingSignIns,
  pushSubscriptions,
  sessions,
} from "../db/schema";
import { buildUser } from "../test/factories";
import { useTestApp } from "../test/test-app";
import { expiredLinksSweep, jobs } from "./scheduler";

const MINUTE_MS = 60_000;
const TABLES = ["password_resets", "email_verifications", "pending_sign_ins"] as const;

/** Expired sign-in links and steps are forgotten; live ones stay. */
describe("expired links sweep", () => {
  const t = useTestApp();

  /** One row in each table expiring at `expiresAt`, its token hashes prefixed with `tag`. */
  async function linksExpiringAt(tag: string, expiresAt: Date) {
    const db = t().app.ctx.db;
    const member = await buildUser(t().app);
    const createdAt = new Date(expiresAt.getTime() - 5 * MINUTE_MS);
    await db
      .insert(passwordResets)
      .values({ tokenHash: `${tag}-reset`, userId: member.id, expiresAt, createdAt });
    await db
      .insert(emailVerifications)
      .values({ tokenHash: `${tag}-verify`, userId: member.id, email: member.email, expiresAt, createdAt });
    await db.insert(pendingSignIns).values({
      tokenHash: `${tag}-2fa`,
      userId: member.id,
      deviceFingerprint: "fp",
      expiresAt,
      createdAt,
    });
  }

  /** The token hashes left in each table. */
  async function left() {
    const out: Record<string, string[]> = {};
    for (const table of TABLES) {
      const rows = await queryRows<{ token_hash: string }>(
        t().app.ctx.db,
        sql`select token_hash from ${sql.identifier(table)} order by token_hash`,
      );
      out[table] = rows.map((r) => r.token_hash);
    }
    return out;
  }

  it("forgets what expired, keeps what is live, and runs hourly from the scheduler", async () => {
    expect(jobs.map((j) => j.name)).toContain("expired-links-sweep");
    const now = t().clock.now();
    await linksExpiringAt("old", new Date(now.getTime() - MINUTE_MS));
    await linksExpiringAt("live", new Date(now.getTime() + 30 * MINUTE_MS));

    await expiredLinksSweep(t().app.ctx);
    expect(await left()).toEqual({
      password_resets: ["live-reset"],
      email_verifications: ["live-verify"],
      pending_sign_ins: ["live-2fa"],
    });

    // Within the hour the turn is taken: the live links expire, but stay until the next run.
    t().clock.advance(40 * MINUTE_MS);
    await expiredLinksSweep(t().app.ctx);
    expect((await left()).password_resets).toEqual(["live-reset"]);
    t().clock.advance(21 * MINUTE_MS);
    await expiredLinksSweep(t().app.ctx);
    expect(await left()).toEqual({ password_resets: [], email_verifications: [], pending_sign_ins: [] });
  });

  it("sweeps the other tables when one fails, and tries that one again in 5 minutes", async () => {
    // The clock is back at the start (useTestApp); the first test's last run was 61 minutes on, so
    // this one's turn comes more than an hour after that.
    t().clock.advance(3 * 60 * MINUTE_MS);
    await linksExpiringAt("gone", new Date(t().clock.now().getTime() - MINUTE_MS));
    const db = t().app.ctx.db;
    // A failing statement, as a lost table or a dropped connection would make.
    await db.execute(sql`alter table password_resets rename to password_resets_away`);
    try {
      await expiredLinksSweep(t().app.ctx);
    } finally {
      await db.execute(sql`alter table password_resets_away rename to password_resets`);
    }
    expect(await left()).toEqual({
      password_resets: ["gone-reset"],
      email_verifications: [],
      pending_sign_ins: [],
    });

    t().clock.advance(5 * MINUTE_MS + 1_000);
    await expiredLinksSweep(t().app.ctx);
    expect((await left()).password_resets).toEqual([]);
  });

  it("forgets expired sessions with the push subscriptions they turned on, and keeps the others", async () => {
    // After the other tests' runs (the clock is back at the start in each; their last run was 3 h 5 min on).
    t().clock.advance(10 * 60 * MINUTE_MS);
    const db = t().app.ctx.db;
    const member = await buildUser(t().app);
    const now = t().clock.now();
    const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE_MS);
    /** A session of `member` (and a push subscription it turned on), under `tag`. */
    async function session(tag: string, expiresAt: Date, revokedAt: Date | null = null) {
      const [row] = await db
        .insert(sessions)
        .values({ tokenHash: `${tag}-session`, userId: member.id, createdAt: at(-60), expiresAt, revokedAt })
        .returning({ id: sessions.id });
      await db.insert(pushSubscriptions).values({
        userId: member.id,
        sessionId: row.id,
        endpoint: `https://push.example/${tag}`,
        p256dh: "key",
        auth: "auth",
        createdAt: at(-60),
      });
    }
    await session("expired", at(-1));
    await session("live", at(30));
    // Ended (a sign-out, a ban) but not expired: a banned member's page still hears why.
    await session("ended", at(30), at(-5));
    // A subscription older than the session column: not the sweep's to judge.
    await db.insert(pushSubscriptions).values({
      userId: member.id,
      sessionId: null,
      endpoint: "https://push.example/legacy",
      p256dh: "key",
      auth: "auth",
      createdAt: at(-60),
    });

    await expiredLinksSweep(t().app.ctx);
    const sessionsLeft = await queryRows<{ token_hash: string }>(
      db,
      sql`select token_hash from sessions where user_id = ${member.id} order by token_hash`,
    );
    expect(sessionsLeft.map((r) => r.token_hash)).toEqual(["ended-session", "live-session"]);
    const pushesLeft = await queryRows<{ endpoint: string }>(
      db,
      sql`select endpoint from push_subscriptions where user_id = ${member.id} order by endpoint`,
    );
    expect(pushesLeft.map((r) => r.endpoint)).toEqual([
      "https://push.example/ended",
      "https://push.example/legacy",
      "https://push.example/live",
    ]);
  });
});
