// Issue 32 item 11: every status a route can answer is listed in its entry of the OpenAPI document
// (/api/docs/json), and every error it lists has the one error shape. Besides this walk over the
// whole document, every API test file checks each answer its tests provoke (test-app.ts).
import { describe, expect, it } from "vitest";
import type { App } from "../app";
import { buildUser, loginAs, type Session } from "../test/factories";
import { useTestApp } from "../test/test-app";

type Parameter = { in: string; name: string };
type MediaObject = { schema?: { properties?: Record<string, { type?: string }>; required?: string[] } };
type Operation = {
  parameters?: Parameter[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, MediaObject> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

type Entry = {
  method: string;
  path: string;
  operation: Operation;
  access: string | null;
  rateLimited: boolean;
};

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

async function entries(app: App): Promise<Entry[]> {
  const res = await app.inject({ method: "GET", url: "/api/docs/json" });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as Document;
  const found: Entry[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const pattern = path.replace(/\{([^}]+)\}/g, ":$1");
      const route = app.routes.find((r) => r.method === method.toUpperCase() && r.url === pattern);
      expect(route, `${method} ${path} is served`).toBeDefined();
      found.push({
        method: method.toUpperCase(),
        path,
        operation,
        access: route?.access ?? null,
        rateLimited: route?.rateLimited ?? false,
      });
    }
  }
  return found;
}

const listed = (e: Entry) => new Set(Object.keys(e.operation.responses).map(Number));

/**
 * What an operation can answer because of what the document and its route say of it: any URL can
 * be malformed (400) and anything can fail (500); a body can be malformed, foreign (403), too
 * large or not JSON; a session can be missing; a role can be wrong; a named thing can be missing;
 * a rate limit can be reached; an idempotency key can be reused for another request.
 */
function derivedStatuses(e: Entry): number[] {
  const statuses = [400, 500];
  if (BODY_METHODS.has(e.method)) statuses.push(400, 403, 413, 415);
  if (e.access === "member" || e.access === "admin") statuses.push(401);
  if (e.access === "admin") statuses.push(403);
  if (e.operation.parameters?.some((p) => p.in === "path")) statuses.push(404);
  if (e.rateLimited) statuses.push(429);
  if (e.operation.parameters?.some((p) => p.in === "header" && p.name === "idempotency-key"))
    statuses.push(409);
  return [...new Set(statuses)];
}

/** A path with its parameters filled: a malformed value, or a well-formed one that names nothing. */
function url(e: Entry, value: "malformed" | "unknown"): string {
  return e.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (value === "malformed") return "not%20an%20id!";
    return /id$/i.test(name) ? "2147483000" : "zzzzzzzzzz";
  });
}

/** One call of the walk: how it is made (for the report), where, as whom, with what. */
type Call = {
  how: string;
  url: string;
  session: Session | null;
  headers?: Record<string, string>;
  payload?: string;
};

// Sign-out and account deletion end the walk's sessions: they are called last.
const ENDS_SESSION = /logout|\/user\/account$|revoke-others|\/user\/sessions\/\{id\}$/;

describe("the OpenAPI document lists every status each operation answers", () => {
  const t = useTestApp();

  it("lists, for each operation, what its declaration makes possible, each error in the one shape", async () => {
    const all = await entries(t().app);
    expect(all.length).toBeGreaterThan(150);
    const missing: string[] = [];
    const misshapen: string[] = [];
    for (const e of all) {
      const have = listed(e);
      const lacking = derivedStatuses(e).filter((s) => !have.has(s));
      if (lacking.length) missing.push(`${e.method} ${e.path}: ${lacking.join(", ")}`);
      for (const [status, response] of Object.entries(e.operation.responses)) {
        if (Number(status) < 400) continue;
        const schema = response.content?.["application/json"]?.schema;
        const props = schema?.properties ?? {};
        const shaped =
          props.message?.type === "string" &&
          props.code?.type === "string" &&
          ["message", "code"].every((k) => schema?.required?.includes(k));
        if (!shaped) misshapen.push(`${e.method} ${e.path} ${status}`);
      }
    }
    expect(missing).toEqual([]);
    expect(misshapen).toEqual([]);
  });

  /** Calls each operation as `calls` says and answers those whose status the document does not list. */
  async function walk(
    calls: (e: Entry, sessions: { member: Session; admin: Session }) => Call[],
  ): Promise<string[]> {
    const { app } = t();
    const all = (await entries(app)).sort(
      (a, b) => Number(ENDS_SESSION.test(a.path)) - Number(ENDS_SESSION.test(b.path)),
    );
    const sessions = {
      member: await loginAs(app, await buildUser(app)),
      admin: await loginAs(app, await buildUser(app, { isAdmin: true })),
    };
    const wrong: string[] = [];
    for (const e of all) {
      for (const c of calls(e, sessions)) {
        const res = await app.inject({
          method: e.method as "GET",
          url: c.url,
          headers: { ...(c.session?.headers ?? {}), "content-type": "application/json", ...c.headers },
          ...(c.payload === undefined ? {} : { payload: c.payload }),
        });
        if (!listed(e).has(res.statusCode)) {
          wrong.push(`${e.method} ${e.path} (${c.how}): ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    return wrong;
  }

  const MALFORMED_QUERY = "?from=a&to=a&days=a&cursor=a&limit=-1&page=a&status=a&type=a&token=a";
  const WALK_MS = 300_000;

  it(
    "answers malformed input, from a visitor, a member and an admin, with a status the entry lists",
    async () => {
      const wrong = await walk((e, { member, admin }) =>
        (
          [
            ["visitor", null],
            ["member", member],
            ["admin", admin],
          ] as const
        ).map(([who, session]) => ({
          how: `${who}, malformed`,
          url: `${url(e, "malformed")}${MALFORMED_QUERY}`,
          session,
          payload: BODY_METHODS.has(e.method) ? "[1, 2, 3]" : undefined,
        })),
      );
      expect(wrong).toEqual([]);
    },
    WALK_MS,
  );

  it(
    "answers a well-formed name of nothing, from a member and an admin, with a status the entry lists",
    async () => {
      const wrong = await walk((e, { member, admin }) =>
        e.path.includes("{")
          ? [member, admin].map((session) => ({
              how: `${session === admin ? "admin" : "member"}, naming nothing`,
              url: url(e, "unknown"),
              session,
              payload: BODY_METHODS.has(e.method) ? "{}" : undefined,
            }))
          : [],
      );
      expect(wrong).toEqual([]);
    },
    WALK_MS,
  );

  it(
    "answers a NUL in the URL, and a foreign, non-JSON, malformed or oversized body, with a status the entry lists",
    async () => {
      const wrong = await walk((e, { admin }) => {
        const at = url(e, "unknown");
        const calls: Call[] = [{ how: "NUL in the URL", url: `${at}?q=%00`, session: admin }];
        if (!BODY_METHODS.has(e.method)) return calls;
        return [
          ...calls,
          {
            how: "cross-site",
            url: at,
            session: admin,
            headers: { origin: "https://elsewhere.example" },
            payload: "{}",
          },
          {
            how: "text body",
            url: at,
            session: admin,
            headers: { "content-type": "text/plain" },
            payload: "hello",
          },
          { how: "bad JSON", url: at, session: admin, payload: "{not json" },
          {
            how: "too large",
            url: at,
            session: admin,
            payload: JSON.stringify({ x: "y".repeat(1024 * 1024) }),
          },
        ];
      });
      expect(wrong).toEqual([]);
    },
    WALK_MS,
  );

  it("documents the answers issue 32 found missing", async () => {
    const all = await entries(t().app);
    const of = (method: string, path: string) => {
      const e = all.find((x) => x.method === method && x.path === path);
      expect(e, `${method} ${path}`).toBeDefined();
      return [...listed(e as Entry)];
    };
    expect(of("GET", "/api/admin/finance/transfers.csv")).toEqual(
      expect.arrayContaining([200, 400, 401, 403]),
    );
    expect(of("GET", "/api/user/profile-image/{userId}/{file}")).toEqual(
      expect.arrayContaining([200, 400, 404]),
    );
    expect(of("GET", "/api/ads/active/{placement}")).toEqual(expect.arrayContaining([200, 400, 401, 404]));
    expect(of("POST", "/api/ads/{id}/view")).toEqual(expect.arrayContaining([204, 400, 401, 404, 429]));
    expect(of("GET", "/api/legal/{document}")).toEqual(expect.arrayContaining([200, 400, 404]));
    expect(of("GET", "/api/email/unsubscribe")).toEqual(expect.arrayContaining([200, 400]));
    expect(of("POST", "/api/email/unsubscribe")).toEqual(expect.arrayContaining([200, 400]));
  });
});
