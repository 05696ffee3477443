import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small in-memory stand-in for the Tremendous API (v2), for the calls the Tremendous provider
 * makes, in the documented shapes: POST /orders idempotent by external_id (200 for a new order, 201
 * for the same payload again, 409 for other details), GET /orders/{id or external_id}, GET
 * /orders?external_id=, GET /rewards/{id}, POST /rewards/{id}/generate_link and /cancel, errors as
 * `{ errors: { message, payload } }`. Switches make the next orders deliver at once, wait, fail, be
 * refused, or be created while the answer is lost (the connection is dropped: a "crash").
 */

export type FakeOrderMode = "deliver" | "pending" | "fail" | "reject";

type FakeReward = {
  id: string;
  order_id: string;
  created_at: string;
  value: { denomination: number; currency_code: string };
  recipient: { name?: string; email?: string };
  delivery: { method: string; status: string; link?: string };
  redeemed: boolean;
};
export type FakeOrder = {
  id: string;
  external_id: string | null;
  status: string;
  created_at: string;
  campaign_id: string | null;
  products: string[];
  payment: { subtotal: number; total: number; fees: number; funding_source_id: string };
  reward: FakeReward;
  /** The create request's body, to answer a repeat with 201 or 409. */
  params: string;
};

export type RecordedTremendousRequest = { method: string; path: string; body: unknown };

export type FakeTremendous = {
  /** The API base, as TREMENDOUS_API_URL. */
  url: string;
  apiKey: string;
  requests: RecordedTremendousRequest[];
  /** How new orders turn out (default deliver). */
  mode: FakeOrderMode;
  /** The next this many creates make their order, then drop the connection without an answer. */
  dropAnswers: number;
  /** While true, every request answers 503 and nothing is created (an outage). */
  down: boolean;
  orders(): FakeOrder[];
  order(idOrExternalId: string): FakeOrder;
  /** The provider executes a waiting order and its link becomes active. */
  deliver(idOrExternalId: string): void;
  /** The order fails (e.g. the funding source could not pay). */
  fail(idOrExternalId: string): void;
  /** The reward's delivery fails (it can still be cancelled). */
  failDelivery(idOrExternalId: string): void;
  /** The member spends the card: it can no longer be cancelled. */
  redeem(idOrExternalId: string): void;
  /** A webhook Tremendous would send about a reward or an order, signed with `secret`. */
  webhook(
    event: string,
    resource: { type: "rewards" | "orders"; id: string },
    secret: string,
  ): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
};

const API = "/api/v2";

/** The signature header Tremendous sends: HMAC-SHA256 of the raw body, keyed with the webhook's key. */
export function tremendousSignature(payload: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(payload).digest("hex")}`;
}

const newId = () => randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase();

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

const error = (status: number, message: string, payload: unknown = {}) => ({
  status,
  body: { errors: { message, payload } },
});

function orderJson(o: FakeOrder, withLink: boolean) {
  const { redeemed: _, ...reward } = o.reward;
  const delivery = withLink
    ? reward.delivery
    : { method: reward.delivery.method, status: reward.delivery.status };
  return {
    id: o.id,
    external_id: o.external_id,
    campaign_id: o.campaign_id,
    created_at: o.created_at,
    status: o.status,
    channel: "API",
    payment: { subtotal: o.payment.subtotal, total: o.payment.total, fees: o.payment.fees },
    rewards: [{ ...reward, delivery }],
  };
}

type CreateBody = {
  external_id?: string;
  payment?: { funding_source_id?: string };
  reward?: {
    campaign_id?: string | null;
    products?: string[];
    value?: { denomination?: number; currency_code?: string };
    recipient?: { name?: string; email?: string };
    delivery?: { method?: string };
  };
};

export async function startFakeTremendous(apiKey = "TEST_fake_tremendous_key"): Promise<FakeTremendous> {
  const orders = new Map<string, FakeOrder>();
  const requests: RecordedTremendousRequest[] = [];

  const find = (key: string) =>
    orders.get(key) ?? [...orders.values()].find((o) => o.external_id !== null && o.external_id === key);
  const must = (key: string) => {
    const found = find(key);
    if (!found) throw new Error(`fake Tremendous has no order ${key}`);
    return found;
  };
  const rewardById = (id: string) => [...orders.values()].find((o) => o.reward.id === id);

  function create(body: CreateBody, raw: string): { status: number; body: unknown; order?: FakeOrder } {
    const r = body.reward;
    const denomination = r?.value?.denomination;
    if (!body.payment?.funding_source_id) return error(400, "payment.funding_source_id is required");
    if (!r || typeof denomination !== "number" || denomination <= 0 || r.value?.currency_code !== "USD")
      return error(400, "reward.value is invalid");
    if (!r.campaign_id && !(r.products && r.products.length > 0))
      return error(400, "Either products or campaign_id must be specified");
    if (!r.recipient?.email) return error(400, "reward.recipient.email is required");
    if (body.external_id) {
      const seen = find(body.external_id);
      if (seen) {
        return seen.params === raw
          ? { status: 201, body: { order: orderJson(seen, true) }, order: seen }
          : error(409, "An order with this external_id already exists with different parameters", {
              external_id: body.external_id,
            });
      }
    }
    if (fake.mode === "reject") return error(422, "The product is not available for this value");
    const id = newId();
    const mode = fake.mode;
    const order: FakeOrder = {
      id,
      external_id: body.external_id ?? null,
      status: mode === "deliver" ? "EXECUTED" : mode === "fail" ? "FAILED" : "PENDING APPROVAL",
      created_at: new Date().toISOString(),
      campaign_id: r.campaign_id ?? null,
      products: r.products ?? [],
      payment: {
        subtotal: denomination,
        total: denomination,
        fees: 0,
        funding_source_id: body.payment.funding_source_id,
      },
      reward: {
        id: newId(),
        order_id: id,
        created_at: new Date().toISOString(),
        value: { denomination, currency_code: "USD" },
        recipient: { name: r.recipient.name, email: r.recipient.email },
        delivery: {
          method: r.delivery?.method ?? "EMAIL",
          status: mode === "deliver" ? "SUCCEEDED" : "PENDING",
          link: `https://testflight.tremendous.example/rewards/payout/${id.toLowerCase()}`,
        },
        redeemed: false,
      },
      params: raw,
    };
    orders.set(id, order);
    return { status: 200, body: { order: orderJson(order, true) }, order };
  }

  function route(method: string, path: string, query: URLSearchParams, body: unknown, raw: string) {
    if (method === "POST" && path === `${API}/orders`) return create(body as CreateBody, raw);
    if (method === "GET" && path === `${API}/orders`) {
      const externalId = query.get("external_id");
      const list = [...orders.values()].filter((o) => !externalId || o.external_id === externalId);
      return {
        status: 200,
        body: { orders: list.map((o) => orderJson(o, false)), total_count: list.length },
      };
    }
    const orderMatch = new RegExp(`^${API}/orders/([^/]+)$`).exec(path);
    if (method === "GET" && orderMatch) {
      const o = find(decodeURIComponent(orderMatch[1]));
      return o ? { status: 200, body: { order: orderJson(o, false) } } : error(404, "Record not found");
    }
    const rewardMatch = new RegExp(`^${API}/rewards/([^/]+)(/generate_link|/cancel)?$`).exec(path);
    if (rewardMatch) {
      const o = rewardById(decodeURIComponent(rewardMatch[1]));
      if (!o) return error(404, "Record not found");
      const { redeemed: _, ...reward } = o.reward;
      if (method === "GET" && !rewardMatch[2])
        return {
          status: 200,
          body: {
            reward: {
              ...reward,
              delivery: { method: reward.delivery.method, status: reward.delivery.status },
            },
          },
        };
      if (method === "POST" && rewardMatch[2] === "/generate_link") {
        if (o.status !== "EXECUTED") return error(422, "The reward has not been executed yet");
        o.reward.delivery.link = `${o.reward.delivery.link?.split("?")[0]}?v=${newId()}`;
        return { status: 200, body: { reward: { id: o.reward.id, link: o.reward.delivery.link } } };
      }
      if (method === "POST" && rewardMatch[2] === "/cancel") {
        if (o.reward.redeemed) return error(422, "The reward has already been redeemed");
        if (o.status === "CANCELED") return error(422, "The reward has already been canceled");
        o.status = "CANCELED";
        return { status: 200, body: {} };
      }
    }
    return error(404, `No route ${method} ${path}`);
  }

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
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(json));
    };
    if (fake.down) return send(503, { errors: { message: "Service unavailable", payload: {} } });
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return send(401, { errors: { message: "Unauthorized", payload: {} } });
    const answer = route(req.method ?? "GET", url.pathname, url.searchParams, body, raw);
    if ("order" in answer && answer.order && answer.status === 200 && fake.dropAnswers > 0) {
      // The order exists now; the caller never hears of it.
      fake.dropAnswers--;
      req.socket.destroy();
      return;
    }
    send(answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeTremendous = {
    url: `http://127.0.0.1:${port}${API}`,
    apiKey,
    requests,
    mode: "deliver",
    dropAnswers: 0,
    down: false,
    orders: () => [...orders.values()],
    order: must,
    deliver(key) {
      const o = must(key);
      o.status = "EXECUTED";
      o.reward.delivery.status = "SUCCEEDED";
    },
    fail(key) {
      must(key).status = "FAILED";
    },
    failDelivery(key) {
      const o = must(key);
      o.status = "EXECUTED";
      o.reward.delivery.status = "FAILED";
    },
    redeem(key) {
      must(key).reward.redeemed = true;
    },
    webhook(event, resource, secret) {
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
  };
  return fake;
}
