import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "../db/schema";
import { buildUser, DEVICE } from "../test/factories";
import { type CapturedMail, startSmtpCapture, unfoldQuotedPrintable } from "../test/smtp-capture";
import { buildTestApp, type TestApp } from "../test/test-app";

describe("email over SMTP", () => {
  const received: CapturedMail[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture((mail) => received.push(mail));
    const { port } = smtp;
    t = await buildTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: "StepRace <hello@steprace.test>",
      PUBLIC_URL: "https://steprace.test",
    });
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("delivers the welcome email on registration and records it as sent", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: DEVICE,
      payload: {
        firstName: "Sol",
        lastName: "Stride",
        username: "solstride",
        email: "sol@example.test",
        password: "long-walks-1",
        confirmPassword: "long-walks-1",
      },
    });
    expect(res.statusCode).toBe(201);
    await t.app.ctx.mailer.idle();
    const mail = received.find((m) => m.to.includes("sol@example.test"));
    expect(mail?.from).toBe("hello@steprace.test");
    expect(mail?.raw).toContain("Subject: Welcome to StepRace!");
    const [row] = await t.app.ctx.db.select().from(emails).where(eq(emails.toAddress, "sol@example.test"));
    expect(row.transport).toBe("smtp");
    expect(row.sentAt).not.toBeNull();
  });

  it("delivers a reset link built on PUBLIC_URL", async () => {
    const user = await buildUser(t.app);
    await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
    await t.app.ctx.mailer.idle();
    const mail = received.find((m) => m.to.includes(user.email));
    expect(mail).toBeDefined();
    // Quoted-printable may fold long lines; unfold before looking for the link.
    const body = unfoldQuotedPrintable(mail?.raw ?? "");
    const token = /https:\/\/steprace\.test\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1];
    expect(token).toBeDefined();
    // The copy kept in the database does not hold the token once the mail has been sent.
    const [row] = await t.app.ctx.db.select().from(emails).where(eq(emails.toAddress, user.email));
    expect(row.textBody).toContain("reset-password?token=[redacted]");
    expect(row.textBody).not.toContain(token as string);
  });
});
