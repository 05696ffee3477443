import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emails, stepFlags } from "../../db/schema";
import { runJobsOnce } from "../../jobs/scheduler";
import { buildCompetition, buildUser, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";
import { groupTestKit } from "../groups/group-test-kit";

const HOUR = 3600_000;
const MINUTE = 60_000;
const GRACE = 10 * MINUTE;

type Item = { kind: string; title: string; body: string; link: string };

/** Issue 24: every kind of notification made by its real source, once. */
describe("notification sources", { timeout: 60_000 }, () => {
  const t = useTestApp();
  const { app, member, call, group, join } = groupTestKit(t);
  const admin = async () => loginAs(app(), await buildUser(app(), { isAdmin: true }));
  const tick = async () => {
    await runJobsOnce(app().ctx);
    await runJobsOnce(app().ctx);
  };
  const items = async (s: Session, kind?: string) => {
    const res = await call("GET", "/api/notifications", s);
    expect(res.statusCode).toBe(200);
    const all = res.json().items as Item[];
    return kind ? all.filter((i) => i.kind === kind) : all;
  };
  const walk = (s: Session, steps: number) =>
    call("POST", "/api/steps", s, {
      steps,
      timestamp: app().ctx.clock.now().toISOString(),
      batchId: randomUUID(),
    });
  async function competitionWith(n: number, over: Record<string, unknown> = {}, startIn = HOUR) {
    const a = await admin();
    const c = await buildCompetition(
      app(),
      a,
      { entryFee: 10, name: "Lunch Loop", ...over },
      startIn,
      2 / 24,
    );
    const players = [];
    for (let i = 0; i < n; i++) {
      const p = await member(10);
      expect((await call("POST", `/api/competitions/${c.id}/join`, p.session, {})).statusCode).toBe(200);
      players.push(p);
    }
    const start = new Date(app().ctx.clock.now().getTime() + startIn);
    return { a, c, players, start, end: new Date(start.getTime() + 2 * HOUR) };
  }
  const mailTo = async (address: string) =>
    app().ctx.db.select().from(emails).where(eq(emails.toAddress, address)).orderBy(desc(emails.id));

  it("refunds everyone when nobody walked: competition_refunded", async () => {
    const { players, end } = await competitionWith(2);
    t().clock.set(new Date(end.getTime() + GRACE));
    await tick();
    for (const p of players) {
      expect(await items(p.session, "competition_refunded")).toEqual([
        {
          kind: "competition_refunded",
          title: "Lunch Loop: entry refunded",
          body: "Nobody walked in it, so your 10.00 FitCoins came back to your wallet.",
          link: "/wallet",
          id: expect.any(Number),
          createdAt: expect.any(String),
          readAt: null,
        },
      ]);
    }
  });

  it("tells every participant of a deleted competition what came back: refund_deleted", async () => {
    const { a, c, players } = await competitionWith(2);
    expect((await call("DELETE", `/api/admin/competitions/${c.id}`, a)).statusCode).toBe(200);
    await tick();
    for (const p of players) {
      expect(await items(p.session, "refund_deleted")).toEqual([
        expect.objectContaining({
          title: "Lunch Loop was deleted",
          body: "Your 10.00 FitCoins came back to your wallet.",
          link: "/wallet",
        }),
      ]);
    }
  });

  it("tells the group's admins of a join by invite, the joiner of their badge, and all of a deletion", async () => {
    const owner = await member(100);
    const g = await group(owner.session, { name: "Dawn Patrol" });
    const joiner = await member(100, { firstName: "Jo" });
    expect((await join(g.inviteCode, joiner.session)).statusCode).toBe(200);
    expect(await items(owner.session, "group_joined")).toEqual([
      expect.objectContaining({
        title: "Jo Member joined Dawn Patrol",
        body: `Jo Member (@${joiner.user.username}) joined your group by its invite link.`,
        link: `/groups/${g.id}`,
      }),
    ]);
    expect(await items(joiner.session, "group_joined")).toEqual([]);

    expect((await call("POST", "/api/achievements/check", joiner.session, {})).statusCode).toBe(200);
    expect((await call("POST", "/api/achievements/check", joiner.session, {})).statusCode).toBe(200);
    expect(await items(joiner.session, "achievement_unlocked")).toEqual([
      expect.objectContaining({
        title: "Badge unlocked: Team Player",
        body: "Join a group",
        link: "/achievements",
      }),
    ]);
    const badgeMail = (await mailTo(joiner.user.email)).find((m) => m.template === "achievement");
    expect(badgeMail?.headers).toEqual({
      "List-Unsubscribe": expect.stringMatching(/^<http.+\/api\/email\/unsubscribe\?token=.+>$/),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    expect((await call("DELETE", `/api/groups/${g.id}`, owner.session)).statusCode).toBe(200);
    await tick();
    for (const m of [owner, joiner]) {
      expect(await items(m.session, "refund_deleted")).toEqual([
        expect.objectContaining({
          title: "Dawn Patrol was deleted",
          body: "Your 15.00 FitCoins came back to your wallet.",
          link: "/wallet",
        }),
      ]);
    }
  });

  it("reminds participants an hour before the start and says when it started, by email to those who asked", async () => {
    const { c, players, start } = await competitionWith(2, { name: "Evening Dash" }, 3 * HOUR);
    const [quiet, keen] = players;
    const opt = await call("PUT", "/api/notifications/preferences", keen.session, {
      preferences: [{ kind: "competition_starting", email: true }],
    });
    expect(opt.statusCode).toBe(200);
    t().clock.set(new Date(start.getTime() - 61 * MINUTE));
    await tick();
    expect(await items(quiet.session, "competition_starting")).toEqual([]);
    t().clock.set(new Date(start.getTime() - 59 * MINUTE));
    await tick();
    t().clock.advance(MINUTE);
    await tick();
    for (const p of players) {
      expect(await items(p.session, "competition_starting")).toEqual([
        expect.objectContaining({
          title: "Evening Dash starts soon",
          body: "It starts in 59 minutes. Keep StepRace open while you walk, so every step counts.",
          // Issue 32: the competition's own page.
          link: `/competitions/${c.id}`,
        }),
      ]);
    }
    expect((await mailTo(quiet.user.email)).filter((m) => m.template === "competition_starting")).toEqual([]);
    const [reminder, ...more] = (await mailTo(keen.user.email)).filter(
      (m) => m.template === "competition_starting",
    );
    expect(more).toEqual([]);
    expect(reminder.subject).toBe("Evening Dash starts soon");
    expect(reminder.textBody).toContain("It starts in 59 minutes.");
    expect(reminder.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    t().clock.set(new Date(start.getTime() + MINUTE));
    await tick();
    for (const p of players) {
      expect(await items(p.session, "competition_started")).toEqual([
        expect.objectContaining({ title: "Evening Dash has started", link: `/competitions/${c.id}` }),
      ]);
    }
  });

  it("tells a flagged would-be winner their result is under review, then cleared, then won", async () => {
    const { a, c, players, start, end } = await competitionWith(2, { name: "Fair Mile" });
    const [flagged, honest] = players;
    t().clock.set(new Date(start.getTime() + HOUR));
    await walk(flagged.session, 4000);
    await walk(honest.session, 3000);
    await app()
      .ctx.db.insert(stepFlags)
      .values({ userId: flagged.user.id, flaggedAt: app().ctx.clock.now(), reason: "test" });
    t().clock.set(new Date(end.getTime() + GRACE));
    await tick();
    expect(await items(flagged.session, "review_held")).toEqual([
      expect.objectContaining({
        title: "Fair Mile: your result is under review",
        link: `/competitions/${c.id}`,
      }),
    ]);
    expect(await items(honest.session, "review_held")).toEqual([]);
    const cleared = await call(
      "POST",
      `/api/admin/competitions/${c.id}/participants/${flagged.user.id}/clear`,
      a,
    );
    expect(cleared.statusCode).toBe(200);
    await tick();
    expect(await items(flagged.session, "review_cleared")).toEqual([
      expect.objectContaining({ title: "Fair Mile: your result is cleared", link: `/competitions/${c.id}` }),
    ]);
    expect(await items(flagged.session, "competition_won")).toEqual([
      expect.objectContaining({
        title: "You won 1st place in Fair Mile",
        body: "Your prize of 12.00 FitCoins is in your wallet.",
      }),
    ]);
    // The winner's email leads to the competition's own page (issue 32).
    const won = (await mailTo(flagged.user.email)).find((m) => m.template === "competition_win");
    expect(won?.textBody).toContain(`/competitions/${c.id}`);
    expect(await items(flagged.session, "review_held")).toHaveLength(1);
  });

  it("unsubscribes in one click: a GET shows the page, the mail provider's form POST turns the kind off", async () => {
    const keen = await member(100);
    await call("PUT", "/api/notifications/preferences", keen.session, {
      preferences: [{ kind: "competition_starting", email: true }],
    });
    // The achievement email's link, as the member's mail shows it.
    const g = await group((await member(100)).session);
    expect((await join(g.inviteCode, keen.session)).statusCode).toBe(200);
    await call("POST", "/api/achievements/check", keen.session, {});
    const [mail] = (await mailTo(keen.user.email)).filter((m) => m.template === "achievement");
    const url = new URL(String(mail.headers?.["List-Unsubscribe"]).slice(1, -1));
    expect(mail.textBody).toContain(url.toString());
    const path = `${url.pathname}${url.search}`;

    const shown = await app().inject({ method: "GET", url: path });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toContain("text/html");
    expect(shown.body).toContain("Achievement unlocked");
    const prefs = async () =>
      (await call("GET", "/api/notifications/preferences", keen.session)).json().preferences as {
        kind: string;
        email: boolean | null;
      }[];
    expect((await prefs()).find((p) => p.kind === "achievement_unlocked")?.email).toBe(true);

    const posted = await app().inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain("You are unsubscribed");
    const after = await prefs();
    expect(after.find((p) => p.kind === "achievement_unlocked")?.email).toBe(false);
    expect(after.find((p) => p.kind === "competition_starting")?.email).toBe(true);

    // Elsewhere a form body is still refused (DESIGN 2.2), and a forged token does nothing.
    const form = await app().inject({
      method: "POST",
      url: "/api/notifications/read",
      headers: { ...keen.session.headers, "content-type": "application/x-www-form-urlencoded" },
      payload: "a=b",
    });
    expect(form.statusCode).toBe(415);
    const forged = path.replace(/token=[^&]+/, `token=u${keen.user.id}.competition_starting.AAAA`);
    expect(
      (
        await app().inject({
          method: "POST",
          url: forged,
          payload: "List-Unsubscribe=One-Click",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        })
      ).statusCode,
    ).toBe(400);
    expect((await app().inject({ method: "GET", url: forged })).statusCode).toBe(400);
    expect((await app().inject({ method: "GET", url: "/api/email/unsubscribe" })).statusCode).toBe(400);
    expect((await prefs()).find((p) => p.kind === "competition_starting")?.email).toBe(true);
  });

  it("lets anyone's address unsubscribe from group invitations", async () => {
    const owner = await member(100);
    const g = await group(owner.session);
    const address = `friend${randomUUID().slice(0, 6)}@example.test`;
    const invite = () => call("POST", `/api/groups/${g.id}/invite-email`, owner.session, { email: address });
    expect((await invite()).statusCode).toBe(200);
    const [mail] = await mailTo(address);
    const url = new URL(String(mail.headers?.["List-Unsubscribe"]).slice(1, -1));
    const posted = await app().inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--xyz--\r\n',
    });
    expect(posted.statusCode).toBe(200);
    const again = await invite();
    expect(again.statusCode).toBe(200);
    expect(await mailTo(address)).toHaveLength(1);
  });
});
