import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { buildUser, loginAs } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

describe("help, terms and privacy (default settings)", () => {
  const t = useTestApp();

  it("answers the support address and both texts to visitors and members alike", async () => {
    const help = await t().app.inject({ url: "/api/help" });
    expect([help.statusCode, help.json()]).toEqual([
      200,
      { supportEmail: "support@steprace.local", settlementGraceMinutes: 10 },
    ]);
    const terms = await t().app.inject({ url: "/api/legal/terms" });
    expect(terms.statusCode).toBe(200);
    expect(terms.json().document).toBe("terms");
    expect(terms.json().text).toMatch(/^# Terms of Service\n/);
    // The operator's note stays with the operator; members read the date it applies from.
    expect(terms.json().text).not.toMatch(/operator|<!--/i);
    expect(terms.json().effectiveDate).toBe("2026-11-28");
    const member = await loginAs(t().app, await buildUser(t().app, { subscribed: false }));
    const privacy = await t().app.inject({ url: "/api/legal/privacy", headers: member.headers });
    expect(privacy.statusCode).toBe(200);
    expect(privacy.json().text).toMatch(/^# Privacy Policy\n/);
  });

  it("400 for a document it does not have", async () => {
    const res = await t().app.inject({ url: "/api/legal/cookies" });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_ERROR");
    expect((await t().app.inject({ url: "/api/legal/..%2Fpackage.json" })).statusCode).toBe(400);
  });

  it("SUPPORT_EMAIL must be an email address", () => {
    expect(() => loadConfig({ SUPPORT_EMAIL: "not an address" })).toThrow(/SUPPORT_EMAIL/);
  });
});

describe("help, terms and privacy (the operator's own settings)", () => {
  const dir = mkdtempSync(join(tmpdir(), "steprace-legal-"));
  const termsFile = join(dir, "our-terms.txt");
  writeFileSync(termsFile, "Our terms, first version.\n");
  const t = useTestApp({
    SUPPORT_EMAIL: "care@example.test",
    SETTLEMENT_GRACE_SECONDS: "120",
    TERMS_FILE: termsFile,
    PRIVACY_FILE: join(dir, "missing.txt"),
  });

  it("serves the operator's files, a replaced file at once, and the configured address", async () => {
    expect((await t().app.inject({ url: "/api/help" })).json()).toEqual({
      supportEmail: "care@example.test",
      settlementGraceMinutes: 2,
    });
    const first = (await t().app.inject({ url: "/api/legal/terms" })).json();
    expect(first.text).toBe("Our terms, first version.\n");
    // No Effective line: the day the file last changed.
    expect(first.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    writeFileSync(termsFile, "<!-- draft, ask legal -->Our terms, second version.\nEffective: 2027-02-01\n");
    expect((await t().app.inject({ url: "/api/legal/terms" })).json()).toEqual({
      document: "terms",
      text: "Our terms, second version.\n",
      effectiveDate: "2027-02-01",
    });
  });

  it("a missing file is a server error that hides its path", async () => {
    const res = await t().app.inject({ url: "/api/legal/privacy" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("missing.txt");
  });
});
