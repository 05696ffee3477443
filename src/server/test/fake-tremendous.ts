import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createFakeTremendousApi,
  FAKE_TREMENDOUS_API,
  type FakeOrder,
  type FakeOrderMode,
  type FakeSwitches,
} from "./fake-tremendous-api";

export type { FakeOrder, FakeOrderMode } from "./fake-tremendous-api";

/**
 * A small in-memory stand-in for the Tremendous API (v2) over HTTP, for the calls the Tremendous
 * provider makes (fake-tremendous-api.ts answers them by the documented rules). Switches make the
 * next orders deliver at once, wait, fail, be refused, clash with another database's order, be
 * answered late, be created while the answer is lost (the connection is dropped: a "crash"), or be
 * created only after the caller gave up on the request.
 */

export type RecordedTremendousRequest = { method: string; path: string; body: unknown };

export type FakeTremendous = FakeSwitches & {
  /** The API base, as TREMENDOUS_API_URL. */
  url: string;
  apiKey: string;
  requests: RecordedTremendousRequest[];
  /** The next this many creates make their order, then drop the connection without an answer. */
  dropAnswers: number;
  /** While true, every request answers 503 and nothing is created (an outage). */
  down: boolean;
  /** A create's answer waits this long after its order is made (a slow or hung Tremendous). */
  delayMs: number;
  /**
   * The next this many creates get no answer and make no order yet (the caller gives up waiting),
   * but Tremendous still makes it later, when the test calls `makeLateOrders`.
   */
  lateCreates: number;
  /** Tremendous makes the orders of the creates held by `lateCreates`, as it would after a slow request. */
  makeLateOrders(): void;
  orders(): FakeOrder[];
  order(idOrExternalId: string): FakeOrder;
  /** The POST /orders the fake received. */
  creates(): RecordedTremendousRequest[];
  /** The provider executes a waiting order and its link becomes active. */
  deliver(idOrExternalId: string): void;
  /** The order fails (e.g. the funding source could not pay). */
  fail(idOrExternalId: string): void;
  /** The reward's delivery fails (it can still be cancelled while not expired or redeemed). */
  failDelivery(idOrExternalId: string): void;
  /** The member spends the card: it can no longer be cancelled. */
  redeem(idOrExternalId: string): void;
  /** The reward's expiry passes. */
  expire(idOrExternalId: string): void;
  /** The order disappears (as seen through another API key or environment). */
  forget(idOrExternalId: string): void;
  /** A webhook Tremendous would send about a reward or an order, signed with `secret`. */
  webhook(
    event: string,
    resource: { type: "rewards" | "orders"; id: string },
    secret: string,
  ): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
};

/** The signature header Tremendous sends: HMAC-SHA256 of the raw body, keyed with the webhook's key. */
export function tremendousSignature(payload: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(payload).digest("hex")}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

export async function startFakeTremendous(apiKey = "TEST_fake_tremendous_key"): Promise<FakeTremendous> {
  const requests: RecordedTremendousRequest[] = [];
  const late: { path: string; params: URLSearchParams; body: unknown; raw: string }[] = [];
  const switches: FakeSwitches = { mode: "deliver", approvalsViaApi: true, clashNext: null };
  const api = createFakeTremendousApi(switches);
  const must = (key: string) => {
    const found = api.find(key);
    if (!found) throw new Error(`fake Tremendous has no order ${key}`);
    return found;
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = null;
    }
    requests.push({ method: req.method ?? "GET", path: url.pathname, body });
    const send = (status: number, json: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(json));
    };
    if (fake.down) return send(503, { errors: { message: "Service unavailable", payload: {} } });
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return send(401, { errors: { message: "Unauthorized", payload: {} } });
    if (req.method === "POST" && url.pathname === `${FAKE_TREMENDOUS_API}/orders` && fake.lateCreates > 0) {
      // Received, but no order yet and no answer: the caller stops waiting, the order comes later.
      fake.lateCreates--;
      late.push({ path: url.pathname, params: url.searchParams, body, raw });
      req.socket.destroy();
      return;
    }
    const answer = api.route(req.method ?? "GET", url.pathname, url.searchParams, body, raw);
    if (answer.order && answer.status === 200 && fake.dropAnswers > 0) {
      // The order exists now; the caller never hears of it.
      fake.dropAnswers--;
      req.socket.destroy();
      return;
    }
    if (fake.delayMs > 0 && answer.order) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    send(answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  // The switches live on `switches` (the API reads them there); the fake's properties pass through.
  const fake = {
    get mode() {
      return switches.mode;
    },
    set mode(mode: FakeOrderMode) {
      switches.mode = mode;
    },
    get approvalsViaApi() {
      return switches.approvalsViaApi;
    },
    set approvalsViaApi(on: boolean) {
      switches.approvalsViaApi = on;
    },
    get clashNext() {
      return switches.clashNext;
    },
    set clashNext(clash: FakeSwitches["clashNext"]) {
      switches.clashNext = clash;
    },
    url: `http://127.0.0.1:${port}${FAKE_TREMENDOUS_API}`,
    apiKey,
    requests,
    dropAnswers: 0,
    down: false,
    delayMs: 0,
    lateCreates: 0,
    makeLateOrders() {
      for (const { path, params, body, raw } of late.splice(0)) api.route("POST", path, params, body, raw);
    },
    orders: () => [...api.orders.values()],
    order: must,
    creates: () => requests.filter((r) => r.method === "POST" && r.path === `${FAKE_TREMENDOUS_API}/orders`),
    deliver(key: string) {
      const o = must(key);
      o.status = "EXECUTED";
      o.reward.delivery.status = "SUCCEEDED";
    },
    fail(key: string) {
      must(key).status = "FAILED";
    },
    failDelivery(key: string) {
      const o = must(key);
      o.status = "EXECUTED";
      o.reward.delivery.status = "FAILED";
    },
    redeem(key: string) {
      must(key).reward.redeemed = true;
    },
    expire(key: string) {
      must(key).reward.expires_at = new Date(Date.now() - 1000).toISOString();
    },
    forget(key: string) {
      api.orders.delete(must(key).id);
    },
    webhook(event: string, resource: { type: "rewards" | "orders"; id: string }, secret: string) {
      const payload = JSON.stringify({
        event,
        uuid: randomUUID(),
        created_utc: new Date().toISOString(),
        payload: { resource, meta: {} },
      });
      return {
        payload,
        headers: {
          "content-type": "application/json",
          "tremendous-webhook-signature": tremendousSignature(payload, secret),
        },
      };
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  } satisfies FakeTremendous;
  return fake;
}
