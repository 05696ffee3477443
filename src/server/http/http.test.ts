import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
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

  it("refuses multipart bodies on JSON routes with 415", async () => {
    const user = await buildUser(t().app, { rulesAccepted: false });
    const session = await loginAs(t().app, user);
    const res = await t().app.inject({
      method: "POST",
      url: "/api/accept-rules",
      headers: { ...session.headers, "content-type": "multipart/form-data; boundary=x" },
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    });
    expect(res.statusCode).toBe(415);
    const me = await t().app.inject({ method: "GET", url: "/api/auth/user", headers: session.headers });
    expect(me.json().rulesAccepted).toBe(false);
  });

  it("answers 400, not 500, for NUL characters that PostgreSQL text cannot hold", async () => {
    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user);
    const body = await t().app.inject({
      method: "POST",
      url: "/api/auth/setup-banking",
      headers: session.headers,
      payload: {
        bankName: "Bank\u0000",
        accountType: "checking",
        routingNumber: "021000021",
        accountNumber: "12345678",
        confirmAccountNumber: "12345678",
      },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe("Request body contains a NUL character");
    const query = await t().app.inject({
      url: "/api/payments/intent?client_secret=pi_%00_secret_x",
      headers: session.headers,
    });
    expect(query.statusCode).toBe(400);
  });

  it("answers a malformed URL in the error shape", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/%zz" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Malformed request", code: "VALIDATION_ERROR" });
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
    const sandboxed = await t().app.inject({
      method: "POST",
      url: "/api/auth/store-invite",
      headers: { origin: "null", host: "localhost:3000" },
      payload: { inviteCode: "abcd1234", type: "group" },
    });
    expect(sandboxed.statusCode).toBe(403);
  });
});

describe("rate limits", () => {
  const t = useTestApp({ AUTH_RATE_LIMIT: "3", PAYMENT_RATE_LIMIT: "3" });

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

  it.each([
    ["/api/auth/register", { firstName: "" }],
    ["/api/auth/forgot-password", { email: "someone@example.test" }],
    ["/api/auth/reset-password", { token: "not-a-token", password: "long-enough-1" }],
  ])("rate-limits %s too", async (url, payload) => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await t().app.inject({ method: "POST", url, headers: DEVICE, payload })).statusCode);
    }
    expect(codes[3]).toBe(429);
    expect(codes.slice(0, 3)).not.toContain(429);
  });

  it("rate-limits card attempts on the sandbox checkout (against card testing)", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t().app.inject({
        method: "POST",
        url: "/api/sandbox/checkout/cs_sandbox_unknown/pay",
        payload: { cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([404, 404, 404, 429]);
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

describe("errors from other code", () => {
  const failing = (error: Error) => ({
    name: "sandbox" as const,
    createSubscriptionCheckout: async () => {
      throw error;
    },
    retrieveCheckout: async () => undefined,
    cancelAtPeriodEnd: async () => {},
    resume: async () => {},
    createPaymentIntent: async () => {
      throw error;
    },
    retrievePaymentIntent: async () => undefined,
    listSucceededPaymentIntents: async () => [],
  });
  const stripeDown = useTestApp(
    {},
    {
      payments: failing(
        Object.assign(new Error("Invalid API Key provided"), {
          statusCode: 401,
          type: "StripeAuthenticationError",
        }),
      ),
    },
  );
  const bug = useTestApp(
    {},
    { payments: failing(Object.assign(new Error("No such thing"), { statusCode: 404 })) },
  );
  const internal = useTestApp(
    {},
    { payments: failing(new AppError(500, "INTERNAL", "Transfer amount must be 0")) },
  );

  it("answers a payment provider failure with 502, never a 401 that would sign the member out", async () => {
    const user = await buildUser(stripeDown().app, { subscribed: false });
    const session = await loginAs(stripeDown().app, user);
    const res = await stripeDown().app.inject({
      method: "POST",
      url: "/api/subscription/create-checkout",
      headers: session.headers,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: "The payment provider could not be reached. Please try again.",
      code: "PROVIDER_ERROR",
    });
  });

  it("logs and hides an internal AppError rather than showing its details", async () => {
    const user = await buildUser(internal().app, { subscribed: false });
    const session = await loginAs(internal().app, user);
    const res = await internal().app.inject({
      method: "POST",
      url: "/api/subscription/create-checkout",
      headers: session.headers,
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Internal server error", code: "INTERNAL" });
  });

  it("hides any other error's status and message behind a 500", async () => {
    const user = await buildUser(bug().app, { subscribed: false });
    const session = await loginAs(bug().app, user);
    const res = await bug().app.inject({
      method: "POST",
      url: "/api/subscription/create-checkout",
      headers: session.headers,
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Internal server error", code: "INTERNAL" });
  });
});
