import { describe, expect, it } from "vitest";
import { buildUser, DEVICE, loginAs } from "../test/factories";
import { useTestApp } from "../test/test-app";

describe("request policy", () => {
  const t = useTestApp();

  it("answers malformed JSON with 400, never 500", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      headers: { "content-type": "application/json" },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Request body is not valid JSON", code: "VALIDATION_ERROR" });
  });

  it("answers an oversized body with 413", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/store-invite",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ inviteCode: "x".repeat(2 * 1024 * 1024), type: "group" }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses form and text bodies with 415 (cross-site forms cannot post)", async () => {
    for (const type of ["application/x-www-form-urlencoded", "text/plain"]) {
      const res = await t().app.inject({
        method: "POST",
        url: "/api/auth/store-invite",
        headers: { "content-type": type },
        payload: "inviteCode=abcd1234&type=group",
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
  });

  it("accepts an empty body under a JSON content type", async () => {
    const user = await buildUser(t().app, { rulesAccepted: false });
    const session = await loginAs(t().app, user);
    const res = await t().app.inject({
      method: "POST",
      url: "/api/accept-rules",
      headers: { ...session.headers, "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().rulesAccepted).toBe(true);
  });

  it("refuses a state-changing request from another origin", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/store-invite",
      headers: { origin: "https://evil.example", host: "localhost:3000" },
      payload: { inviteCode: "abcd1234", type: "group" },
    });
    expect(res.statusCode).toBe(403);
    const same = await t().app.inject({
      method: "POST",
      url: "/api/auth/store-invite",
      headers: { origin: "http://localhost:3000", host: "localhost:3000" },
      payload: { inviteCode: "abcd1234", type: "group" },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe("rate limits", () => {
  const t = useTestApp({ AUTH_RATE_LIMIT: "3" });

  it("rate-limits login attempts with 429", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t().app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: DEVICE,
        payload: { username: "someone", password: "guess-guess" },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it("cannot be dodged with a made-up X-Forwarded-For when no proxy is trusted", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { ...DEVICE, "x-forwarded-for": "203.0.113.77" },
      payload: { username: "someone", password: "guess-guess" },
    });
    expect(res.statusCode).toBe(429);
  });
});
