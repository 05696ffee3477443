import { createHmac } from "node:crypto";
import type { AppContext } from "../../../context";
import type { ImportedDayTotal, ImportedInterval } from "../../steps/steps.service";
import { takeRequest } from "../api-budget";
import { BudgetSpent, type StepVendor, TokenRefused, type VendorCall } from "../vendor";

// Withings' public API (issue 33): OAuth 2 (account site to consent, /v2/oauth2 for tokens and
// revoking), /v2/measure getintradayactivity (intervals, at most 24 h a request) and getactivity
// (day totals), /notify to subscribe to activity (appli 16). Every call is a form POST answering
// HTTP 200 with {status, body}: status 0 is success; the authentication statuses mean the tokens
// are refused; 601 means the application's 120 requests a minute are spent.

const ACTIVITY_APPLI = "16";
/** Statuses that mean the token (or refresh token) is no longer accepted. */
const AUTH_FAILED = new Set([100, 101, 102, 200, 214, 277, 401, 2553, 2555]);
const TOO_MANY_REQUESTS = 601;

export class WithingsError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Envelope = { status: number; body?: unknown; error?: string };

export function withingsVendor(ctx: AppContext): StepVendor {
  const config = ctx.config.withings;
  if (!config) throw new Error("Withings is not configured");
  const { clientId, clientSecret, apiUrl, accountUrl } = config;

  async function call<T>(path: string, params: Record<string, string>, use: VendorCall, bearer?: string) {
    if (!(await takeRequest(ctx, "withings", use.use)))
      throw new BudgetSpent("Withings request budget spent");
    const res = await fetch(`${apiUrl}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new WithingsError(res.status, `Withings answered HTTP ${res.status}`);
    const envelope = (await res.json()) as Envelope;
    if (envelope.status === 0) return (envelope.body ?? {}) as T;
    if (AUTH_FAILED.has(envelope.status))
      throw new TokenRefused(envelope.error ?? `status ${envelope.status}`);
    if (envelope.status === TOO_MANY_REQUESTS) throw new BudgetSpent("Withings: too many requests");
    throw new WithingsError(envelope.status, envelope.error ?? `Withings status ${envelope.status}`);
  }

  type TokenBody = {
    userid: number | string;
    access_token: string;
    refresh_token: string;
    expires_in: number;
    scope?: string;
  };
  const tokens = (b: TokenBody) => ({
    accessToken: b.access_token,
    refreshToken: b.refresh_token,
    expiresAt: new Date(ctx.clock.now().getTime() + b.expires_in * 1000),
    scope: b.scope ?? "",
  });

  return {
    id: "withings",
    name: "Withings",
    authorizeUrl(state, redirectUri) {
      const query = new URLSearchParams({
        response_type: "code",
        client_id: clientId,
        scope: "user.activity",
        redirect_uri: redirectUri,
        state,
      });
      return `${accountUrl}/oauth2_user/authorize2?${query}`;
    },
    async exchangeCode(code, redirectUri, use) {
      const body = await call<TokenBody>(
        "/v2/oauth2",
        {
          action: "requesttoken",
          grant_type: "authorization_code",
          client_id: clientId,
          client_secret: clientSecret,
          code,
          redirect_uri: redirectUri,
        },
        use,
      );
      return { ...tokens(body), externalUserId: String(body.userid) };
    },
    async refresh(refreshToken, use) {
      // A refresh token Withings no longer accepts is answered 503 "invalid params" (the
      // parameters are otherwise fixed): the member must connect again.
      const body = await call<TokenBody>(
        "/v2/oauth2",
        {
          action: "requesttoken",
          grant_type: "refresh_token",
          client_id: clientId,
          client_secret: clientSecret,
          refresh_token: refreshToken,
        },
        use,
      ).catch((err) => {
        throw err instanceof WithingsError && err.status === 503 ? new TokenRefused(err.message) : err;
      });
      // Withings rotates the refresh token; keep the old one should an answer carry none.
      return { ...tokens(body), refreshToken: body.refresh_token || refreshToken };
    },
    async intervals(accessToken, from, to, use) {
      const body = await call<{ series?: Record<string, { steps?: number; duration?: number }> | [] }>(
        "/v2/measure",
        {
          action: "getintradayactivity",
          startdate: String(Math.floor(from.getTime() / 1000)),
          enddate: String(Math.floor(to.getTime() / 1000)),
          data_fields: "steps,duration",
        },
        use,
        accessToken,
      );
      const intervals: ImportedInterval[] = [];
      // An empty series may come as [] (PHP's empty object).
      for (const [at, point] of Object.entries(Array.isArray(body.series) ? {} : (body.series ?? {}))) {
        const steps = Math.floor(Number(point.steps ?? 0));
        const start = Number(at) * 1000;
        if (!Number.isFinite(start) || !(steps > 0)) continue;
        // A point without a duration is taken as a minute.
        const seconds = Number(point.duration) > 0 ? Number(point.duration) : 60;
        intervals.push({ start: new Date(start), end: new Date(start + seconds * 1000), steps });
      }
      return intervals;
    },
    async dayTotals(accessToken, fromDate, toDate, use) {
      const dayTotals: ImportedDayTotal[] = [];
      let offset: string | undefined;
      for (let page = 0; page < 10; page++) {
        const body = await call<{
          activities?: { date: string; steps?: number; timezone?: string }[];
          more?: boolean;
          offset?: number;
        }>(
          "/v2/measure",
          {
            action: "getactivity",
            startdateymd: fromDate,
            enddateymd: toDate,
            data_fields: "steps",
            ...(offset ? { offset } : {}),
          },
          use,
          accessToken,
        );
        for (const a of body.activities ?? []) {
          const steps = Math.floor(Number(a.steps ?? 0));
          if (/^\d{4}-\d{2}-\d{2}$/.test(a.date) && steps > 0)
            dayTotals.push({ date: a.date, steps, ...(a.timezone ? { timeZone: a.timezone } : {}) });
        }
        if (!body.more) break;
        offset = String(body.offset ?? "");
      }
      return dayTotals;
    },
    async subscribe(accessToken, callbackUrl, use) {
      await call(
        "/notify",
        { action: "subscribe", callbackurl: callbackUrl, appli: ACTIVITY_APPLI, comment: "StepRace steps" },
        use,
        accessToken,
      );
    },
    async revoke({ accessToken, externalUserId }, callbackUrl, use) {
      await call(
        "/notify",
        { action: "revoke", callbackurl: callbackUrl, appli: ACTIVITY_APPLI },
        use,
        accessToken,
      ).catch(() => undefined);
      const timestamp = String(Math.floor(ctx.clock.now().getTime() / 1000));
      const sign = (...values: string[]) =>
        createHmac("sha256", clientSecret).update(values.join(",")).digest("hex");
      const { nonce } = await call<{ nonce: string }>(
        "/v2/signature",
        {
          action: "getnonce",
          client_id: clientId,
          timestamp,
          signature: sign("getnonce", clientId, timestamp),
        },
        use,
      );
      await call(
        "/v2/oauth2",
        {
          action: "revoke",
          client_id: clientId,
          nonce,
          signature: sign("revoke", clientId, nonce),
          userid: externalUserId,
        },
        use,
      );
    },
  };
}
