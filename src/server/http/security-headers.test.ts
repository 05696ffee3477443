import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/test-app";

const answers = [
  { name: "an API answer", method: "GET", url: "/api/health", headers: {}, status: 200 },
  { name: "an unknown route", method: "GET", url: "/api/no-such-route", headers: {}, status: 404 },
  {
    name: "a cross-site refusal",
    method: "POST",
    url: "/api/steps",
    headers: { origin: "https://elsewhere.example" },
    status: 403,
  },
] as const;

/** DESIGN 2.5: every answer carries the security headers, built once at start (issue 14). */
describe.each<{ setting: string; env: Record<string, string>; secure: boolean }>([
  { setting: "plain http (development)", env: {}, secure: false },
  {
    setting: "https (production)",
    env: { NODE_ENV: "production", PUBLIC_URL: "https://steprace.test", ALLOW_SANDBOX_IN_PRODUCTION: "1" },
    secure: true,
  },
])("security headers over $setting", ({ env, secure }) => {
  const t = useTestApp(env);

  it.each(answers)("are on $name", async ({ method, url, headers, status }) => {
    const res = await t().app.inject({ method, url, headers });
    expect(res.statusCode).toBe(status);
    const csp = String(res.headers["content-security-policy"]).split(";");
    expect(csp).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        "script-src 'self' https://js.stripe.com",
        "frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
        "connect-src 'self' https://api.stripe.com",
        "object-src 'none'",
        "frame-ancestors 'self'",
      ]),
    );
    expect(csp.includes("upgrade-insecure-requests")).toBe(secure);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(res.headers["strict-transport-security"]).toBe(
      secure ? "max-age=31536000; includeSubDomains" : undefined,
    );
  });
});
