import { randomUUID } from "node:crypto";

/**
 * The state and the answers of the fake Tremendous (fake-tremendous.ts serves them over HTTP), in
 * the documented shapes and rules: POST /orders idempotent by external_id (200 for a new order, 201
 * for the same payload again, 409 for other details), GET /orders/{id or external_id}, GET
 * /orders?external_id=, GET /rewards/{id}, POST /rewards/{id}/generate_link, POST
 * /rewards/{id}/cancel (only a non-expired reward whose delivery failed and that was not redeemed;
 * 422 otherwise), POST /order_approvals/{id}/reject (an order pending approval, when approvals via
 * the API are allowed; 403 otherwise), errors as `{ errors: { message, payload } }`.
 */

/** deliver: executed at once; pending: waits for approval; open: processing; fail; reject: refused (422). */
export type FakeOrderMode = "deliver" | "pending" | "open" | "fail" | "reject";

type FakeReward = {
  id: string;
  order_id: string;
  created_at: string;
  expires_at: string | null;
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

/** The switches the tests turn (see FakeTremendous). */
export type FakeSwitches = {
  mode: FakeOrderMode;
  /** Whether the account allows approving and rejecting orders through the API (default true). */
  approvalsViaApi: boolean;
  /** The next create with a new external id finds another database's order already under it. */
  clashNext: { email: string; denomination: number; name?: string } | null;
};

export type FakeAnswer = { status: number; body: unknown; order?: FakeOrder };

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

const API = "/api/v2";
const newId = () => randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase();

const error = (status: number, message: string, payload: unknown = {}): FakeAnswer => ({
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

export function createFakeTremendousApi(switches: FakeSwitches) {
  const orders = new Map<string, FakeOrder>();
  const find = (key: string) =>
    orders.get(key) ?? [...orders.values()].find((o) => o.external_id !== null && o.external_id === key);
  const rewardById = (id: string) => [...orders.values()].find((o) => o.reward.id === id);

  function place(body: CreateBody, raw: string, mode: FakeOrderMode): FakeOrder {
    const r = body.reward ?? {};
    const denomination = r.value?.denomination ?? 0;
    const id = newId();
    const order: FakeOrder = {
      id,
      external_id: body.external_id ?? null,
      status: { deliver: "EXECUTED", fail: "FAILED", open: "OPEN" }[mode as string] ?? "PENDING APPROVAL",
      created_at: new Date().toISOString(),
      campaign_id: r.campaign_id ?? null,
      products: r.products ?? [],
      payment: {
        subtotal: denomination,
        total: denomination,
        fees: 0,
        funding_source_id: body.payment?.funding_source_id ?? "balance",
      },
      reward: {
        id: newId(),
        order_id: id,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 365 * 86_400_000).toISOString(),
        value: { denomination, currency_code: "USD" },
        recipient: { name: r.recipient?.name, email: r.recipient?.email },
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
    return order;
  }

  function create(body: CreateBody, raw: string): FakeAnswer {
    const r = body.reward;
    const denomination = r?.value?.denomination;
    if (!body.payment?.funding_source_id) return error(400, "payment.funding_source_id is required");
    if (!r || typeof denomination !== "number" || denomination <= 0 || r.value?.currency_code !== "USD")
      return error(400, "reward.value is invalid");
    if (!r.campaign_id && !(r.products && r.products.length > 0))
      return error(400, "Either products or campaign_id must be specified");
    if (!r.recipient?.email) return error(400, "reward.recipient.email is required");
    const clash = switches.clashNext;
    if (clash && body.external_id && !find(body.external_id)) {
      // Another database placed an order under this external id first.
      switches.clashNext = null;
      const theirs = {
        ...body,
        reward: {
          ...r,
          value: { denomination: clash.denomination, currency_code: "USD" },
          recipient: { name: clash.name ?? "Someone Else", email: clash.email },
        },
      };
      place(theirs, JSON.stringify(theirs), "pending");
    }
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
    if (switches.mode === "reject") return error(422, "The product is not available for this value");
    const order = place(body, raw, switches.mode);
    return { status: 200, body: { order: orderJson(order, true) }, order };
  }

  function reward(o: FakeOrder, action: string | undefined, method: string): FakeAnswer {
    const { redeemed: _, ...plain } = o.reward;
    if (method === "GET" && !action) {
      const delivery = { method: plain.delivery.method, status: plain.delivery.status };
      return { status: 200, body: { reward: { ...plain, delivery } } };
    }
    if (method === "POST" && action === "/generate_link") {
      if (o.status !== "EXECUTED") return error(422, "The reward has not been executed yet");
      o.reward.delivery.link = `${o.reward.delivery.link?.split("?")[0]}?v=${newId()}`;
      return { status: 200, body: { reward: { id: o.reward.id, link: o.reward.delivery.link } } };
    }
    if (method === "POST" && action === "/cancel") {
      if (o.reward.redeemed) return error(422, "The reward has already been redeemed");
      if (o.status === "CANCELED") return error(422, "The reward has already been canceled");
      const expired = o.reward.expires_at !== null && Date.parse(o.reward.expires_at) <= Date.now();
      if (o.reward.delivery.status !== "FAILED" || expired)
        return error(422, "Only non-expired rewards with a delivery failure can be canceled");
      o.status = "CANCELED";
      return { status: 200, body: {} };
    }
    return error(404, `No route ${method} reward${action ?? ""}`);
  }

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
    raw: string,
  ): FakeAnswer {
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
    const rejectMatch = new RegExp(`^${API}/order_approvals/([^/]+)/reject$`).exec(path);
    if (method === "POST" && rejectMatch) {
      if (!switches.approvalsViaApi)
        return error(403, "Approvals via API are not enabled for this organization");
      const o = find(decodeURIComponent(rejectMatch[1]));
      if (!o) return error(404, "Record not found");
      if (o.status !== "PENDING APPROVAL") return error(422, "The order is not pending approval");
      o.status = "CANCELED";
      return { status: 200, body: { order: orderJson(o, false) } };
    }
    const rewardMatch = new RegExp(`^${API}/rewards/([^/]+)(/generate_link|/cancel)?$`).exec(path);
    if (rewardMatch) {
      const o = rewardById(decodeURIComponent(rewardMatch[1]));
      return o ? reward(o, rewardMatch[2], method) : error(404, "Record not found");
    }
    return error(404, `No route ${method} ${path}`);
  }

  return { orders, find, route };
}

export const FAKE_TREMENDOUS_API = API;
