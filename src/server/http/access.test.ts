import { describe, expect, it } from "vitest";
import type { App } from "../app";
import { buildUser, loginAs, type Session } from "../test/factories";
import { useTestApp } from "../test/test-app";
import { type Access, declaredAccess } from "./access";

type Operation = { method: string; path: string; url: string; access: Access | null };

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/**
 * Every operation of the app's own OpenAPI document, with the access its route declares (read
 * from the route's registration, not a list kept here).
 */
function operations(app: App): Operation[] {
  const doc = app.swagger() as { paths?: Record<string, Partial<Record<string, unknown>>> };
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      if (!item[method]) continue;
      const pattern = path.replace(/\{([^}]+)\}/g, ":$1");
      const route = app.routes.find((r) => r.method === method.toUpperCase() && r.url === pattern);
      expect(route, `${method} ${path} is served`).toBeDefined();
      found.push({
        method: method.toUpperCase(),
        path,
        // Every path parameter is malformed: ids and codes are numbers or short tokens, never this.
        url: path.replace(/\{[^}]+\}/g, "not%20an%20id!"),
        access: route?.access ?? null,
      });
    }
  }
  return found;
}

/** The operation called with a malformed query, path and body (an array where objects are expected). */
function callMalformed(app: App, op: Operation, session: Session | null) {
  const query = "?from=a&to=a&days=a&cursor=a&limit=-1&page=a&status=a&type=a&token=a";
  return app.inject({
    method: op.method as "GET",
    url: `${op.url}${query}`,
    headers: { ...(session?.headers ?? {}), "content-type": "application/json" },
    ...(op.method === "GET" ? {} : { payload: "[1, 2, 3]" }),
  });
}

describe("who before what (DESIGN 2.1): session and role are checked before the input", () => {
  const t = useTestApp();

  it("every operation in the OpenAPI document declares who may call it", () => {
    const ops = operations(t().app);
    // The document is the app's real one: well over a hundred operations, every one declared.
    expect(ops.length).toBeGreaterThan(150);
    const undeclared = ops.filter((op) => op.path.startsWith("/api/") && op.access === null);
    expect(undeclared.map((op) => `${op.method} ${op.path}`)).toEqual([]);
    expect(ops.filter((op) => op.access === "admin").length).toBeGreaterThan(50);
  });

  it("a visitor with malformed input gets 401 from every operation that needs a session", async () => {
    const { app } = t();
    const wrong: string[] = [];
    for (const op of operations(app).filter((o) => o.access === "member" || o.access === "admin")) {
      const res = await callMalformed(app, op, null);
      if (res.statusCode !== 401 || res.json().code !== "UNAUTHENTICATED") {
        wrong.push(`${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a signed-out session with malformed input gets 401 SESSION_INVALID, never the route's rules", async () => {
    const { app } = t();
    const session = await loginAs(app, await buildUser(app));
    await app.inject({ method: "POST", url: "/api/auth/logout", headers: session.headers });
    const wrong: string[] = [];
    for (const op of operations(app).filter((o) => o.access === "member" || o.access === "admin")) {
      const res = await callMalformed(app, op, session);
      const body = res.json();
      if (res.statusCode !== 401 || body.code !== "SESSION_INVALID" || body.sessionInvalid !== true) {
        wrong.push(`${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a subscribed member with malformed input gets 403 from every admin operation", async () => {
    const { app } = t();
    const member = await loginAs(app, await buildUser(app));
    const wrong: string[] = [];
    for (const op of operations(app).filter((o) => o.access === "admin")) {
      const res = await callMalformed(app, op, member);
      if (res.statusCode !== 403 || res.json().code !== "FORBIDDEN") {
        wrong.push(`${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("an operation declared public really is: a visitor is answered on its input, not refused", async () => {
    const { app } = t();
    const publicOps = operations(app).filter((o) => o.access === "public");
    // Sign-in, registration, health and the webhooks are among them.
    expect(publicOps.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining(["POST /api/auth/login", "POST /api/auth/register", "GET /api/health"]),
    );
    const refused: string[] = [];
    for (const op of publicOps) {
      const res = await callMalformed(app, op, null);
      if (res.statusCode === 401 || res.statusCode === 403) {
        refused.push(`${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(refused).toEqual([]);
    // And they keep validating as before: a malformed sign-in is a 400 with the route's rules.
    const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: [1, 2, 3] });
    expect(login.statusCode).toBe(400);
    expect(login.json().code).toBe("VALIDATION_ERROR");
  });

  it("refuses a visitor's upload before reading it, and an admin route's body before validating it", async () => {
    const { app } = t();
    const boundary = "guardboundary";
    const upload = await app.inject({
      method: "POST",
      url: "/api/user/profile-image",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      // Larger than the 5 MB an avatar may be: read, it would be refused as too large.
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${"x".repeat(6 * 1024 * 1024)}\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode).toBe(401);
    expect(upload.json().code).toBe("UNAUTHENTICATED");

    const member = await loginAs(app, await buildUser(app));
    const offer = await app.inject({
      method: "POST",
      url: "/api/admin/gift-card-offers",
      headers: member.headers,
      payload: { month: "not a month" },
    });
    expect(offer.statusCode).toBe(403);
    expect(offer.json()).toMatchObject({ code: "FORBIDDEN", message: "Admin privileges required" });
  });

  it("still validates a member's input once the session and role are right", async () => {
    const { app } = t();
    const admin = await loginAs(app, await buildUser(app, { isAdmin: true }));
    const finance = await app.inject({
      method: "GET",
      url: "/api/admin/finance?from=a",
      headers: admin.headers,
    });
    expect(finance.statusCode).toBe(400);
    expect(finance.json().code).toBe("VALIDATION_ERROR");
    const member = await loginAs(app, await buildUser(app));
    // The step sync and the group page read the session with their answer; bad input is still a 400.
    const sync = await app.inject({
      method: "POST",
      url: "/api/steps",
      headers: member.headers,
      payload: [1],
    });
    expect(sync.statusCode).toBe(400);
    expect(sync.json().code).toBe("VALIDATION_ERROR");
    const group = await app.inject({ method: "GET", url: "/api/groups/abc", headers: member.headers });
    expect(group.statusCode).toBe(400);
  });
});

describe("who before what, on routes whose rate limits run early", () => {
  const t = useTestApp({ PAYMENT_RATE_LIMIT: "1", AD_EVENT_RATE_LIMIT: "1" });

  it("refuses a visitor before the route's rate limit counts (401 every time, never 429)", async () => {
    const { app } = t();
    for (const url of ["/api/create-payment-intent", "/api/ads/1/view"]) {
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({ method: "POST", url, payload: [1, 2, 3] });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().code).toBe("UNAUTHENTICATED");
      }
    }
    // A member is still held to the limit (its count started with them, not with the visitor).
    const member = await loginAs(app, await buildUser(app));
    const pay = () =>
      app.inject({
        method: "POST",
        url: "/api/create-payment-intent",
        headers: member.headers,
        payload: [1],
      });
    expect((await pay()).statusCode).toBe(400);
    expect((await pay()).statusCode).toBe(429);
  });
});

describe("declaredAccess", () => {
  it("refuses to register an API route that declares no access, and leaves other routes alone", () => {
    expect(() => declaredAccess({ method: "POST", url: "/api/new-thing", config: {} })).toThrow(
      /POST \/api\/new-thing declares no access/,
    );
    expect(declaredAccess({ method: "GET", url: "/sandbox/checkout/:id", config: {} })).toBeNull();
    expect(declaredAccess({ method: "GET", url: "/api/docs/json", config: {} })).toBeNull();
    expect(declaredAccess({ method: "GET", url: "/api/x", config: { access: "admin" } })).toBe("admin");
  });
});
