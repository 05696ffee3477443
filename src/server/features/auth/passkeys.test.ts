import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_PASSKEYS, PASSKEY_CHALLENGE_TTL_MS } from "../../../core/constants";
import { adminAuditLog, emails, passkeys } from "../../db/schema";
import {
  type BuiltUser,
  buildUser,
  DEFAULT_PASSWORD,
  DEVICE,
  loginAs,
  type Session,
} from "../../test/factories";
import { SoftAuthenticator } from "../../test/soft-authenticator";
import { useTestApp } from "../../test/test-app";
import { CHALLENGE_GONE, PASSKEY_NOT_VERIFIED } from "./passkeys.service";

const ORIGIN = "https://app.steprace.test";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("passkeys: adding, listing, removing (/api/user/passkeys)", () => {
  const t = useTestApp({ PUBLIC_URL: ORIGIN });
  const app = () => t().app;
  const call = (s: Session | null, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    app().inject({
      method,
      url,
      headers: { ...(s?.headers ?? DEVICE), "user-agent": IPHONE },
      ...(method === "GET" ? {} : { payload: payload ?? {} }),
    });
  /** Adds a passkey for the session's member through the two real calls. */
  async function addPasskey(
    s: Session,
    key = new SoftAuthenticator(ORIGIN, "app.steprace.test"),
    name?: string,
  ) {
    const options = await call(s, "POST", "/api/user/passkeys/options", {
      currentPassword: DEFAULT_PASSWORD,
    });
    expect(options.statusCode, options.body).toBe(200);
    const res = await call(s, "POST", "/api/user/passkeys", { response: key.register(options.json()), name });
    return { key, res, options: options.json() };
  }
  const mailsTo = (to: string, template: string) =>
    app()
      .ctx.db.select()
      .from(emails)
      .where(and(eq(emails.toAddress, to), eq(emails.template, template)));
  const member = async (): Promise<[BuiltUser, Session]> => {
    const user = await buildUser(app());
    return [user, await loginAs(app(), user)];
  };

  it("refuses visitors with 401 before reading anything", async () => {
    const codes = await Promise.all([
      call(null, "GET", "/api/user/passkeys"),
      call(null, "POST", "/api/user/passkeys/options"),
      call(null, "POST", "/api/user/passkeys", { response: "nonsense" }),
      call(null, "DELETE", "/api/user/passkeys/1"),
    ]);
    expect(codes.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    expect(await app().ctx.db.select().from(passkeys)).toEqual([]);
  });

  it("asks for the current password before a passkey can be added", async () => {
    const [, session] = await member();
    for (const body of [{}, { currentPassword: "not-my-password" }]) {
      const res = await call(session, "POST", "/api/user/passkeys/options", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        { path: "currentPassword", message: expect.stringMatching(/current password/) },
      ]);
    }
    expect((await call(session, "GET", "/api/user/passkeys")).json()).toEqual([]);
  });

  it("offers options bound to this site and member, adds the passkey, lists it and audits it without secrets", async () => {
    const [user, session] = await member();
    const { key, res, options } = await addPasskey(session);
    expect(options).toMatchObject({
      rp: { name: "StepRace", id: "app.steprace.test" },
      user: { name: user.username },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      attestation: "none",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: "iPhone passkey", lastUsedAt: null, synced: false });

    const list = await call(session, "GET", "/api/user/passkeys");
    expect(list.json()).toEqual([res.json()]);
    // A second options call excludes what the member already has, so one authenticator is added once.
    const again = (
      await call(session, "POST", "/api/user/passkeys/options", { currentPassword: DEFAULT_PASSWORD })
    ).json();
    expect(again.excludeCredentials).toEqual([{ id: key.id, type: "public-key", transports: ["internal"] }]);

    const [entry] = await app()
      .ctx.db.select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetUserId, user.id), eq(adminAuditLog.action, "passkey.added")));
    expect(entry).toMatchObject({
      actor: "member",
      adminId: user.id,
      targetType: "passkey",
      targetId: res.json().id,
      details: { name: "iPhone passkey" },
    });
    const [stored] = await app().ctx.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    const written = JSON.stringify(entry);
    expect(written).not.toContain(stored.publicKey);
    expect(written).not.toContain(stored.credentialId);
    // The member is told, with what to do if it was not them.
    const [mail] = await mailsTo(user.email, "passkey_added");
    expect(mail.subject).toBe("A passkey was added to your StepRace account");
    expect(mail.textBody).toContain('The passkey "iPhone passkey" was added');
    expect(mail.textBody).toContain(`${ORIGIN}/profile`);
    expect(mail.textBody).not.toContain(stored.publicKey);
  });

  it("keeps the name the member gives, and refuses one too long with 400 and nothing stored", async () => {
    const [user, session] = await member();
    const tooLong = await addPasskey(session, undefined, "x".repeat(61));
    expect(tooLong.res.statusCode).toBe(400);
    expect(await app().ctx.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    const named = await addPasskey(session, undefined, "  Work laptop  ");
    expect(named.res.json().name).toBe("Work laptop");
  });

  it("refuses a challenge answered twice, expired, never issued, or issued to another member", async () => {
    const [user, session] = await member();
    const [, other] = await member();
    const key = new SoftAuthenticator(ORIGIN, "app.steprace.test");
    const options = (
      await call(session, "POST", "/api/user/passkeys/options", { currentPassword: DEFAULT_PASSWORD })
    ).json();
    const answer = key.register(options);
    expect((await call(session, "POST", "/api/user/passkeys", { response: answer })).statusCode).toBe(201);
    const reused = await call(session, "POST", "/api/user/passkeys", { response: answer });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(CHALLENGE_GONE);

    const forged = await call(session, "POST", "/api/user/passkeys", {
      response: new SoftAuthenticator(ORIGIN, "app.steprace.test").register(options, {
        challenge: "bm90LWlzc3VlZC1ieS11cw",
      }),
    });
    expect(forged.json().message).toBe(CHALLENGE_GONE);

    // Another member's challenge cannot add a passkey to this account.
    const theirs = (
      await call(other, "POST", "/api/user/passkeys/options", { currentPassword: DEFAULT_PASSWORD })
    ).json();
    const stolen = await call(session, "POST", "/api/user/passkeys", {
      response: new SoftAuthenticator(ORIGIN, "app.steprace.test").register(theirs),
    });
    expect(stolen.statusCode).toBe(400);

    const late = (
      await call(session, "POST", "/api/user/passkeys/options", { currentPassword: DEFAULT_PASSWORD })
    ).json();
    t().clock.advance(PASSKEY_CHALLENGE_TTL_MS + 1000);
    const expired = await call(session, "POST", "/api/user/passkeys", {
      response: new SoftAuthenticator(ORIGIN, "app.steprace.test").register(late),
    });
    expect(expired.json().message).toBe(CHALLENGE_GONE);
    expect(await app().ctx.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(1);
  });

  it("refuses an answer made for another site or without user verification", async () => {
    const [user, session] = await member();
    const phishing = await addPasskey(
      session,
      new SoftAuthenticator("https://steprace.evil", "app.steprace.test"),
    );
    expect(phishing.res.statusCode).toBe(400);
    expect(phishing.res.json().message).toBe(PASSKEY_NOT_VERIFIED);
    const options = (
      await call(session, "POST", "/api/user/passkeys/options", { currentPassword: DEFAULT_PASSWORD })
    ).json();
    const unverified = await call(session, "POST", "/api/user/passkeys", {
      response: new SoftAuthenticator(ORIGIN, "app.steprace.test").register(options, { verified: false }),
    });
    expect(unverified.statusCode).toBe(400);
    expect(await app().ctx.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
  });

  it("refuses the same authenticator on a second account with 409", async () => {
    const [, first] = await member();
    const [second_user, second] = await member();
    const { key } = await addPasskey(first);
    const options = (
      await call(second, "POST", "/api/user/passkeys/options", { currentPassword: DEFAULT_PASSWORD })
    ).json();
    const res = await call(second, "POST", "/api/user/passkeys", { response: key.register(options) });
    expect(res.statusCode).toBe(409);
    expect(await app().ctx.db.select().from(passkeys).where(eq(passkeys.userId, second_user.id))).toEqual([]);
  });

  it(`holds at most ${MAX_PASSKEYS} passkeys a member: the next one is refused with 409 and a way out`, async () => {
    const [user, session] = await member();
    const now = t().clock.now();
    await app()
      .ctx.db.insert(passkeys)
      .values(
        Array.from({ length: MAX_PASSKEYS }, (_, i) => ({
          userId: user.id,
          credentialId: `held-${user.id}-${i}`,
          publicKey: "cHVibGlj",
          name: `Key ${i}`,
          createdAt: now,
        })),
      );
    const res = await call(session, "POST", "/api/user/passkeys/options", {
      currentPassword: DEFAULT_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^You already have 10 passkeys\. Remove one you no longer use/);
  });

  it("removes only the member's own passkey: another member's id is 404 and stays; the removal is audited", async () => {
    const [owner, ownerSession] = await member();
    const [, intruder] = await member();
    const { res } = await addPasskey(ownerSession);
    const id = res.json().id;
    const refused = await call(intruder, "DELETE", `/api/user/passkeys/${id}`);
    expect(refused.statusCode).toBe(404);
    expect(await app().ctx.db.select().from(passkeys).where(eq(passkeys.id, id))).toHaveLength(1);

    const removed = await call(ownerSession, "DELETE", `/api/user/passkeys/${id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call(ownerSession, "GET", "/api/user/passkeys")).json()).toEqual([]);
    expect((await call(ownerSession, "DELETE", `/api/user/passkeys/${id}`)).statusCode).toBe(404);
    const audit = await app()
      .ctx.db.select({ action: adminAuditLog.action, details: adminAuditLog.details })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetUserId, owner.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["passkey.added", "passkey.removed"]);
    expect(audit.find((a) => a.action === "passkey.removed")?.details).toEqual({ name: "iPhone passkey" });
    expect(await mailsTo(owner.email, "passkey_removed")).toHaveLength(1);
  });

  it("shows the admin how many passkeys a member has, and deleting the account removes them", async () => {
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const [user, session] = await member();
    await addPasskey(session);
    await addPasskey(session);
    const page = await call(admin, "GET", `/api/admin/users/${user.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().passkeys).toBe(2);
    const log = await call(admin, "GET", `/api/admin/audit-log?targetUserId=${user.id}`);
    expect(log.json().items.map((e: { actor: string; action: string }) => [e.actor, e.action])).toEqual([
      ["member", "passkey.added"],
      ["member", "passkey.added"],
    ]);
    expect((await call(admin, "DELETE", `/api/admin/users/${user.id}`)).statusCode).toBe(200);
    expect(await app().ctx.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    expect((await call(admin, "GET", `/api/admin/users/${user.id}`)).json().passkeys).toBe(0);
  });
});
