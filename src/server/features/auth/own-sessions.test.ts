import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog, emails } from "../../db/schema";
import { buildUser, DEVICE, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

describe("your sessions (GET /api/user/sessions, DELETE /api/user/sessions/:id, POST .../revoke-others)", () => {
  const t = useTestApp({ SUPPORT_EMAIL: "help@steprace.test" });
  const app = () => t().app;
  const as = (s: Session | null, method: "GET" | "POST" | "DELETE", url: string) =>
    app().inject({
      method,
      url,
      headers: s?.headers ?? DEVICE,
      ...(method === "GET" ? {} : { payload: {} }),
    });
  /** Signs in from a device named by its fingerprint and browser. */
  async function signIn(user: { username: string; password: string }, fingerprint: string, ua = IPHONE) {
    const res = await app().inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "user-agent": ua },
      payload: { username: user.username, password: user.password, deviceFingerprint: fingerprint },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = /sr_session=[^;]+/.exec(String(res.headers["set-cookie"]))?.[0] ?? "";
    return { cookie, fingerprint, headers: { cookie, "x-device-fingerprint": fingerprint } } as Session;
  }
  const signInMails = async (email: string) =>
    app()
      .ctx.db.select()
      .from(emails)
      .where(and(eq(emails.toAddress, email), eq(emails.template, "new_sign_in")));

  it("refuses visitors with 401", async () => {
    expect((await as(null, "GET", "/api/user/sessions")).statusCode).toBe(401);
    expect((await as(null, "DELETE", "/api/user/sessions/1")).statusCode).toBe(401);
    expect((await as(null, "POST", "/api/user/sessions/revoke-others")).statusCode).toBe(401);
  });

  it("lists every device signed in, newest first, names them, and marks this one", async () => {
    const user = await buildUser(app());
    const phone = await signIn(user, "ownphone0001", IPHONE);
    t().clock.set(new Date(t().clock.now().getTime() + 60_000));
    const laptop = await signIn(user, "ownlaptop001", WINDOWS);
    const res = await as(phone, "GET", "/api/user/sessions");
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ device: "Windows PC", browser: "Chrome", current: false });
    expect(list[1]).toMatchObject({ device: "iPhone", browser: "Safari", current: true });
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual([
        "browser",
        "createdAt",
        "current",
        "device",
        "id",
        "lastSeenAt",
      ]);
      expect(new Date(s.lastSeenAt).getTime()).toBeGreaterThanOrEqual(new Date(s.createdAt).getTime());
    }
    // Seen from the laptop, the laptop is the current one.
    const fromLaptop = (await as(laptop, "GET", "/api/user/sessions")).json();
    expect(fromLaptop.find((s: { current: boolean }) => s.current).device).toBe("Windows PC");
  });

  it("ends one session of the member's own; another member's id or an ended one is 404", async () => {
    const user = await buildUser(app());
    const phone = await signIn(user, "endphone0001");
    const laptop = await signIn(user, "endlaptop001", WINDOWS);
    const stranger = await loginAs(app(), await buildUser(app()));
    const laptopId = (await as(laptop, "GET", "/api/user/sessions"))
      .json()
      .find((s: { current: boolean }) => s.current).id;

    const theirs = await as(stranger, "DELETE", `/api/user/sessions/${laptopId}`);
    expect(theirs.statusCode).toBe(404);
    expect((await as(laptop, "GET", "/api/auth/user")).statusCode).toBe(200);

    const ended = await as(phone, "DELETE", `/api/user/sessions/${laptopId}`);
    expect(ended.statusCode).toBe(200);
    expect((await as(laptop, "GET", "/api/auth/user")).json()).toMatchObject({ sessionInvalid: true });
    expect((await as(phone, "DELETE", `/api/user/sessions/${laptopId}`)).statusCode).toBe(404);
    expect((await as(phone, "DELETE", "/api/user/sessions/not-a-number")).statusCode).toBe(400);
    expect((await as(phone, "GET", "/api/user/sessions")).json()).toHaveLength(1);
  });

  it("signs out every other session and keeps this one", async () => {
    const user = await buildUser(app());
    const here = await signIn(user, "keepphone001");
    const others = [await signIn(user, "otherdev0001"), await signIn(user, "otherdev0002", WINDOWS)];
    const res = await as(here, "POST", "/api/user/sessions/revoke-others");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Signed out on 2 other devices", ended: 2 });
    expect((await as(here, "GET", "/api/auth/user")).statusCode).toBe(200);
    for (const o of others) expect((await as(o, "GET", "/api/auth/user")).statusCode).toBe(401);
    // Nothing left to end.
    expect((await as(here, "POST", "/api/user/sessions/revoke-others")).json().ended).toBe(0);
    const logged = await app()
      .ctx.db.select({ action: adminAuditLog.action, details: adminAuditLog.details })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetUserId, user.id));
    expect(logged).toEqual([{ action: "account.sessions_ended", details: { ended: 2 } }]);
  });

  it("emails the member when a device never seen before signs in, once per device", async () => {
    const user = await buildUser(app());
    // The first sign-in ever has no usual device to differ from: no email.
    await signIn(user, "firstphone01", IPHONE);
    expect(await signInMails(user.email)).toHaveLength(0);
    const before = 0;
    await signIn(user, "newdevice001", WINDOWS);
    await signIn(user, "newdevice001", WINDOWS);
    const mails = await signInMails(user.email);
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe("New sign-in to your StepRace account");
    expect(mail?.textBody).toContain("Chrome on Windows PC");
    expect(mail?.textBody).toContain("If it was not you, change your password now");
    expect(mail?.textBody).toContain("help@steprace.test");
    // Another new device is news again.
    await signIn(user, "newdevice002", IPHONE);
    expect((await signInMails(user.email)).length).toBe(before + 2);
  });
});
