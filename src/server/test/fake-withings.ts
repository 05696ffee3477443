import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small in-memory stand-in for Withings' public API over HTTP, following its documented shapes
 * (issue 33; see the Withings developer documentation): the consent page
 * (/oauth2_user/authorize2, redirecting back with code and state), /v2/oauth2 (requesttoken with
 * authorization_code or refresh_token, rotating the refresh token; revoke, signed with a nonce from
 * /v2/signature getnonce), /v2/measure (getintradayactivity: a `series` object keyed by epoch
 * seconds, at most 24 h a request; getactivity: `activities` with `more`/`offset`), and /notify
 * (subscribe / revoke, appli 16). Every answer is HTTP 200 with {status, body}: 401 for a refused
 * token, 503 for invalid parameters, 601 above 120 requests in any 60 s.
 */

export type FakeWithingsAccount = {
  userid: number;
  /** Steps per epoch second of an interval's start, with its duration in seconds. */
  intraday: Map<number, { steps: number; duration: number }>;
  /** Day totals by "YYYY-MM-DD". */
  days: Map<string, number>;
  /** Set by revoke (or by the test): every token of the account is refused. */
  revoked: boolean;
  subscriptions: { callbackurl: string; appli: number }[];
};

export type FakeWithings = {
  url: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<number, FakeWithingsAccount>;
  /** Every request: its path and form fields (tokens left out). */
  requests: { path: string; action: string; at: number }[];
  /** Requests answered 601 (above the application's 120 a minute). */
  throttled: number;
  /** The account the consent page signs in as next (then the one after it). */
  nextUserid: number;
  account(userid: number): FakeWithingsAccount;
  /** Every access token issued so far stops working (they expired). */
  expireAccessTokens(): void;
  close(): Promise<void>;
};

const REQUESTS_PER_MINUTE = 120;
const DAY_S = 24 * 3600;

export async function startFakeWithings(
  options: {
    clientId?: string;
    clientSecret?: string;
    port?: number;
    /** The clock its 120 requests a minute are counted by (tests: the app's manual clock). */
    now?: () => number;
  } = {},
): Promise<FakeWithings> {
  const clock = options.now ?? Date.now;
  const clientId = options.clientId ?? "fake-withings-client";
  const clientSecret = options.clientSecret ?? "fake-withings-secret";
  const accounts = new Map<number, FakeWithingsAccount>();
  const codes = new Map<string, { userid: number; redirectUri: string; issuedAt: number }>();
  const accessTokens = new Map<string, { userid: number; expired: boolean }>();
  const refreshTokens = new Map<string, { userid: number; used: boolean }>();
  const nonces = new Set<string>();
  const requests: FakeWithings["requests"] = [];

  const account = (userid: number) => {
    let found = accounts.get(userid);
    if (!found) {
      found = { userid, intraday: new Map(), days: new Map(), revoked: false, subscriptions: [] };
      accounts.set(userid, found);
    }
    return found;
  };
  const issue = (userid: number) => {
    const access = randomBytes(16).toString("hex");
    const refresh = randomBytes(16).toString("hex");
    accessTokens.set(access, { userid, expired: false });
    refreshTokens.set(refresh, { userid, used: false });
    return {
      userid,
      access_token: access,
      refresh_token: refresh,
      expires_in: 10_800,
      scope: "user.activity",
      csrf_token: randomBytes(8).toString("hex"),
      token_type: "Bearer",
    };
  };
  const sign = (...values: string[]) =>
    createHmac("sha256", clientSecret).update(values.join(",")).digest("hex");

  const fake: FakeWithings = {
    url: "",
    clientId,
    clientSecret,
    accounts,
    requests,
    throttled: 0,
    nextUserid: 1001,
    account,
    expireAccessTokens() {
      for (const token of accessTokens.values()) token.expired = true;
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  type Answer = { status: number; body?: unknown; error?: string };
  const invalid = (error: string): Answer => ({ status: 503, body: {}, error: `Invalid Params: ${error}` });
  const refused: Answer = {
    status: 401,
    body: {},
    error: "XRequestID: Not provided invalid_token: The access token provided is invalid",
  };

  function bearer(request: IncomingMessage): FakeWithingsAccount | null {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const known = token ? accessTokens.get(token) : undefined;
    if (!known || known.expired) return null;
    const owner = account(known.userid);
    return owner.revoked ? null : owner;
  }

  function answer(path: string, form: URLSearchParams, request: IncomingMessage): Answer {
    const action = form.get("action") ?? "";
    if (path === "/v2/oauth2" && action === "requesttoken") {
      if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret)
        return { status: 100, body: {}, error: "Authentication failed" };
      if (form.get("grant_type") === "authorization_code") {
        const code = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        if (!code || Date.now() - code.issuedAt > 30_000 || code.redirectUri !== form.get("redirect_uri"))
          return invalid("invalid code");
        return { status: 0, body: issue(code.userid) };
      }
      if (form.get("grant_type") === "refresh_token") {
        const known = refreshTokens.get(form.get("refresh_token") ?? "");
        if (!known || known.used || account(known.userid).revoked) return invalid("invalid refresh_token");
        known.used = true;
        return { status: 0, body: issue(known.userid) };
      }
      return invalid("grant_type");
    }
    if (path === "/v2/signature" && action === "getnonce") {
      const timestamp = form.get("timestamp") ?? "";
      if (form.get("signature") !== sign("getnonce", form.get("client_id") ?? "", timestamp))
        return invalid("signature");
      const nonce = randomBytes(12).toString("hex");
      nonces.add(nonce);
      return { status: 0, body: { nonce } };
    }
    if (path === "/v2/oauth2" && action === "revoke") {
      const nonce = form.get("nonce") ?? "";
      if (!nonces.delete(nonce) || form.get("signature") !== sign("revoke", clientId, nonce))
        return invalid("signature");
      const owner = accounts.get(Number(form.get("userid")));
      if (!owner) return invalid("userid");
      owner.revoked = true;
      owner.subscriptions = [];
      return { status: 0, body: {} };
    }
    const owner = bearer(request);
    if (!owner) return refused;
    if (path === "/v2/measure" && action === "getintradayactivity") {
      const start = Number(form.get("startdate"));
      const end = Math.min(Number(form.get("enddate")), start + DAY_S);
      const series: Record<string, { steps: number; duration: number }> = {};
      for (const [at, point] of [...owner.intraday].sort((a, b) => a[0] - b[0])) {
        if (at >= start && at < end) series[String(at)] = point;
      }
      // PHP's empty object: an empty series comes as [].
      return { status: 0, body: { series: Object.keys(series).length ? series : [] } };
    }
    if (path === "/v2/measure" && action === "getactivity") {
      const from = form.get("startdateymd") ?? "";
      const to = form.get("enddateymd") ?? "";
      const all = [...owner.days]
        .filter(([date]) => date >= from && date <= to)
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(([date, steps]) => ({
          date,
          steps,
          timezone: "UTC",
          deviceid: "fake-device",
          brand: 1,
          is_tracker: true,
        }));
      // Two a page, so that paging is exercised.
      const offset = Number(form.get("offset") ?? 0);
      const page = all.slice(offset, offset + 2);
      return {
        status: 0,
        body: { activities: page, more: offset + 2 < all.length, offset: offset + page.length },
      };
    }
    if (path === "/notify" && action === "subscribe") {
      const callbackurl = form.get("callbackurl") ?? "";
      if (!/^https?:\/\//.test(callbackurl)) return { status: 293, body: {}, error: "callback URL invalid" };
      owner.subscriptions.push({ callbackurl, appli: Number(form.get("appli")) });
      return { status: 0, body: {} };
    }
    if (path === "/notify" && action === "revoke") {
      owner.subscriptions = owner.subscriptions.filter((s) => s.callbackurl !== form.get("callbackurl"));
      return { status: 0, body: {} };
    }
    return invalid(`unknown action ${action}`);
  }

  /** The consent page: "Allow" and "Deny" links back to the app (a real account would sign in first). */
  function consent(url: URL, response: ServerResponse) {
    const redirectUri = url.searchParams.get("redirect_uri") ?? "";
    const state = url.searchParams.get("state") ?? "";
    if (url.searchParams.get("client_id") !== clientId || !/^https?:\/\//.test(redirectUri)) {
      response.writeHead(400, { "content-type": "application/json" });
      response.end(JSON.stringify({ errors: [{ message: "redirect_uri_mismatch" }] }));
      return;
    }
    const code = randomBytes(16).toString("hex");
    // Each consent is a new Withings account unless the test names the next one.
    const userid = fake.nextUserid++;
    account(userid);
    codes.set(code, { userid, redirectUri, issuedAt: Date.now() });
    const back = (query: Record<string, string>) =>
      `${redirectUri}?${new URLSearchParams({ ...query, state })}`;
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html><head><title>Withings (fake)</title></head><body>
      <h1>Allow StepRace to read your activity?</h1>
      <a href="${back({ code })}">Allow</a> <a href="${back({ error: "access_denied" })}">Deny</a>
      </body></html>`);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    if (request.method === "GET" && url.pathname === "/oauth2_user/authorize2") return consent(url, response);
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      const form = new URLSearchParams(raw);
      const now = clock();
      const lastMinute = requests.filter((r) => r.at > now - 60_000).length;
      requests.push({ path: url.pathname, action: form.get("action") ?? "", at: now });
      let result: Answer;
      if (lastMinute >= REQUESTS_PER_MINUTE) {
        fake.throttled++;
        result = { status: 601, body: {}, error: "Too Many Requests" };
      } else result = answer(url.pathname, form, request);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
