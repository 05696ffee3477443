import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EMAIL_TEST_TYPES } from "../../../core/constants";
import { emails } from "../../db/schema";
import { buildUser, loginAs } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

describe("email test page", () => {
  const t = useTestApp({ SUPPORT_EMAIL: "help@steprace.test", PUBLIC_URL: "https://steprace.test" });

  it("sends every type, a real template, to the admin's own address and lists it in the outbox", async () => {
    const user = await buildUser(t().app, { isAdmin: true, firstName: "Ada" });
    const admin = await loginAs(t().app, user);
    const subjects: string[] = [];
    for (const type of EMAIL_TEST_TYPES) {
      const res = await t().app.inject({
        method: "POST",
        url: `/api/email/test?type=${type}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: `Test ${type} email sent to ${user.email}`,
        to: user.email,
      });
      subjects.push(res.json().subject);
    }
    expect(subjects).toEqual([
      "Welcome to StepRace!",
      "Badge unlocked: Ten Thousand Club",
      "Weekend Step Sprint starts soon",
      "3,500 steps to go today",
      "You won 60.00 FitCoins in Weekend Step Sprint!",
    ]);
    const outbox = (await t().app.inject({ url: "/api/admin/emails", headers: admin.headers })).json();
    expect(outbox.slice(0, 5).map((m: { subject: string }) => m.subject)).toEqual([...subjects].reverse());
    expect(outbox[0]).toMatchObject({ to: user.email, template: "competition_win", transport: "outbox" });
    expect(outbox[0]).not.toHaveProperty("textBody");
  });

  it("every message carries the footer: Help, Terms, Privacy and SUPPORT_EMAIL", async () => {
    const user = await buildUser(t().app, { isAdmin: true });
    const admin = await loginAs(t().app, user);
    for (const type of EMAIL_TEST_TYPES) {
      await t().app.inject({ method: "POST", url: `/api/email/test?type=${type}`, headers: admin.headers });
    }
    await t().app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: user.email },
    });
    const sent = await t().app.ctx.db.select().from(emails).where(eq(emails.toAddress, user.email));
    expect(sent.map((m) => m.template)).toContain("password_reset");
    expect(sent).toHaveLength(EMAIL_TEST_TYPES.length + 1);
    for (const mail of sent) {
      for (const page of ["help", "terms", "privacy"]) {
        expect(mail.textBody).toContain(`https://steprace.test/${page}`);
        expect(mail.htmlBody).toContain(`href="https://steprace.test/${page}"`);
      }
      expect(mail.textBody).toContain("help@steprace.test");
      expect(mail.htmlBody).toContain('href="mailto:help@steprace.test"');
    }
  });

  it("400 without a type or with an unknown one, 401 signed out, 403 for members", async () => {
    const admin = await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    const none = await t().app.inject({ method: "POST", url: "/api/email/test", headers: admin.headers });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Please select an email type");
    const odd = await t().app.inject({
      method: "POST",
      url: "/api/email/test?type=spam",
      headers: admin.headers,
    });
    expect(odd.statusCode).toBe(400);
    expect((await t().app.inject({ method: "POST", url: "/api/email/test?type=welcome" })).statusCode).toBe(
      401,
    );
    const member = await loginAs(t().app, await buildUser(t().app));
    const res = await t().app.inject({
      method: "POST",
      url: "/api/email/test?type=welcome",
      headers: member.headers,
    });
    expect(res.statusCode).toBe(403);
    expect((await t().app.inject({ url: "/api/admin/emails", headers: member.headers })).statusCode).toBe(
      403,
    );
    expect((await t().app.inject({ url: "/api/admin/emails" })).statusCode).toBe(401);
  });
});
