import type { TremendousConfig } from "../config";
import {
  type DeliveredGiftCard,
  GiftCardNoAnswerError,
  type GiftCardOrderFacts,
  type GiftCardOrderState,
  type GiftCardProvider,
  GiftCardRejectedError,
  type GiftCardStopOutcome,
  type PlacedGiftCardOrder,
} from "./provider";

/**
 * Real gift cards through Tremendous's official SDK (DESIGN 1, gift-card fulfilment). One order per
 * redemption, its reference as the order's external_id: Tremendous answers a repeated create
 * with the order placed first, so a retry, a crash before the answer or two processes never buy
 * two cards. Delivery is by LINK: the app shows the link and emails it itself. Reads (lookup) never
 * change anything at Tremendous; stopping an order is its own step (stop), decided by the caller.
 */

/**
 * The whole time one operation (its calls together) may take. axios's `timeout` only limits the
 * wait for each answer; this deadline bounds the operation, well inside the 5-minute claim a process
 * holds on a redemption while it talks to Tremendous.
 */
export const TREMENDOUS_DEADLINE_MS = 60_000;

/**
 * How long after our deadline gave up on a create Tremendous may still be working on it and make the
 * order. Tremendous documents no bound for a request it received; its answers come in seconds, and
 * the proxies between give up within minutes. Past this, no order under the external id means none
 * will come, and an admin may refund.
 */
export const TREMENDOUS_LATE_ORDER_MARGIN_MS = 4 * 60_000;

/** The parts of an order the decisions below read (the create and get answers differ in detail). */
type OrderView = {
  id: string;
  external_id?: string | null;
  status: string;
  rewards?: {
    id?: string;
    expires_at?: string | null;
    value?: { denomination?: number };
    recipient?: { email?: string };
    delivery?: { status?: string; link?: string };
  }[];
};

const httpStatus = (err: unknown) => (err as { response?: { status?: number } }).response?.status;

/** Tremendous's own words for a refusal (`{ errors: { message } }`), else the transport's. */
function explain(err: unknown): string {
  if ((err as { code?: string }).code === "ERR_CANCELED")
    return "Tremendous unreachable: no answer before the deadline";
  const data = (err as { response?: { data?: { errors?: { message?: string } } } }).response?.data;
  const status = httpStatus(err);
  const message = data?.errors?.message ?? (err instanceof Error ? err.message : String(err));
  return status ? `Tremendous ${status}: ${message}` : `Tremendous unreachable: ${message}`;
}

/** An error that may pass; without an HTTP answer, Tremendous may still be working on the request. */
const unclear = (err: unknown) =>
  httpStatus(err) === undefined ? new GiftCardNoAnswerError(explain(err)) : new Error(explain(err));

function factsOf(order: OrderView): GiftCardOrderFacts {
  const reward = order.rewards?.[0];
  const denomination = reward?.value?.denomination;
  return {
    providerReference: order.id,
    rewardId: reward?.id ?? null,
    recipientEmail: reward?.recipient?.email ?? null,
    valueCents: typeof denomination === "number" ? Math.round(denomination * 100) : null,
  };
}

/** What an order says about the card: final states, delivered, or still on its way (and why). */
function stateOf(order: OrderView): PlacedGiftCardOrder {
  const facts = factsOf(order);
  const reward = order.rewards?.[0];
  const link = reward?.delivery?.link ?? null;
  if (order.status === "FAILED" || order.status === "CANCELED") {
    return { status: "failed", reason: `Order ${order.status.toLowerCase()}`, ...facts };
  }
  const delivery = reward?.delivery?.status;
  if (order.status === "EXECUTED" && delivery === "SUCCEEDED") {
    return { status: "delivered", code: null, link, ...facts };
  }
  const hold =
    delivery === "FAILED" ? "delivery_failed" : order.status === "PENDING APPROVAL" ? "approval" : null;
  return { status: "pending", link, hold, ...facts };
}

const STILL_RUNNING = (status?: string) =>
  `Tremendous is still processing this order${status ? ` (${status})` : ""} and it cannot be stopped now: wait until it ` +
  "is delivered or fails (the queue updates by itself), or cancel it in the Tremendous dashboard, then refund again";

/** The SDK is loaded here, only where Tremendous is configured: most of a second less at every other start. */
export async function createTremendousProvider(
  config: TremendousConfig,
  options: { deadlineMs?: number } = {},
): Promise<GiftCardProvider> {
  const { Configuration, OrdersApi, RewardsApi } = await import("tremendous");
  const configuration = new Configuration({ basePath: config.apiUrl, accessToken: config.apiKey });
  const orders = new OrdersApi(configuration);
  const rewards = new RewardsApi(configuration);
  /** The request options of one operation's calls: one deadline for all of them. */
  const deadline = () => ({ signal: AbortSignal.timeout(options.deadlineMs ?? TREMENDOUS_DEADLINE_MS) });
  type Call = ReturnType<typeof deadline>;

  /** The order under an id or external id; null when Tremendous has none. */
  async function getOrder(id: string, call: Call): Promise<OrderView | null> {
    try {
      return (await orders.getOrder(id, call)).data.order;
    } catch (err) {
      if (httpStatus(err) === 404) return null;
      throw unclear(err);
    }
  }

  async function linkOf(rewardId: string | null, call: Call): Promise<string | null> {
    if (!rewardId) return null;
    try {
      return (await rewards.generateRewardLink(rewardId, call)).data.reward.link ?? null;
    } catch (err) {
      throw unclear(err);
    }
  }

  async function read(order: OrderView, withLink: boolean, call: Call): Promise<PlacedGiftCardOrder> {
    const state = stateOf(order);
    if (state.status === "delivered" && !state.link && withLink) {
      state.link = await linkOf(state.rewardId, call);
    }
    return state;
  }

  /** The card as the member holds it (a stopped delivery the member had already redeemed). */
  async function issuedCard(order: OrderView, withLink: boolean, call: Call): Promise<DeliveredGiftCard> {
    const link = order.rewards?.[0]?.delivery?.link ?? null;
    const facts = factsOf(order);
    return {
      status: "delivered",
      code: null,
      link: link ?? (withLink ? await linkOf(facts.rewardId, call).catch(() => null) : null),
      ...facts,
    };
  }

  /** After a refusal to stop: what the order reads now decides (someone else may have stopped it). */
  async function afterRefusal(
    id: string,
    withLink: boolean,
    call: Call,
    otherwise: (order: OrderView) => Promise<GiftCardStopOutcome>,
  ): Promise<GiftCardStopOutcome> {
    const order = await getOrder(id, call);
    if (!order) return { outcome: "refused", reason: "Tremendous no longer finds this order" };
    const state = stateOf(order);
    if (state.status === "failed") return { outcome: "stopped" };
    if (state.status === "delivered")
      return { outcome: "issued", card: await issuedCard(order, withLink, call) };
    return otherwise(order);
  }

  return {
    name: "tremendous",
    delivers: "link",
    lateOrderMs: (options.deadlineMs ?? TREMENDOUS_DEADLINE_MS) + TREMENDOUS_LATE_ORDER_MARGIN_MS,
    webhooks: {
      secret: config.webhookSecret,
      async referenceOf(resource) {
        const call = deadline();
        let orderId = resource.id;
        if (resource.type === "rewards") {
          try {
            const reward = (await rewards.getReward(resource.id, call)).data.reward;
            if (!reward.order_id) return null;
            orderId = reward.order_id;
          } catch (err) {
            if (httpStatus(err) === 404) return null;
            throw unclear(err);
          }
        } else if (resource.type !== "orders") {
          return null;
        }
        return (await getOrder(orderId, call))?.external_id ?? null;
      },
    },

    async issue(order) {
      // Tremendous needs products or a campaign: without either, no card can ever be ordered.
      if (!order.productId && !config.campaignId) {
        throw new GiftCardRejectedError("No Tremendous product for this card and no TREMENDOUS_CAMPAIGN_ID");
      }
      const call = deadline();
      try {
        const res = await orders.createOrder(
          {
            external_id: order.reference,
            payment: { funding_source_id: config.fundingSourceId },
            reward: {
              ...(order.productId ? { products: [order.productId] } : { campaign_id: config.campaignId }),
              value: { denomination: order.valueCents / 100, currency_code: "USD" },
              recipient: { name: order.recipientName, email: order.recipientEmail },
              delivery: { method: "LINK" },
            },
          },
          call,
        );
        // 200: a new order; 201: the one placed before under this external id (the caller checks it is ours).
        return stateOf(res.data.order);
      } catch (err) {
        const status = httpStatus(err);
        // The external id was used with other details: whose order it is, the caller decides from its facts.
        if (status === 409) {
          const found = await getOrder(order.reference, call);
          if (found) return read(found, true, call);
        }
        if (status === 400 || status === 422) throw new GiftCardRejectedError(explain(err));
        throw unclear(err);
      }
    },

    async lookup({ reference, orderId }, { withLink = false } = {}): Promise<GiftCardOrderState> {
      const call = deadline();
      const order = await getOrder(orderId ?? reference, call);
      return order ? read(order, withLink, call) : { status: "missing" };
    },

    async stop(pending, { withLink = false } = {}): Promise<GiftCardStopOutcome> {
      const call = deadline();
      const id = pending.providerReference;
      if (pending.hold === "approval") {
        try {
          // Documented to need "Allow approvals via API" in the organisation's Order Approvals settings.
          await orders.rejectOrder(id, call);
          return { outcome: "stopped" };
        } catch (err) {
          const status = httpStatus(err);
          if (status === 401 || status === 403) {
            return {
              outcome: "refused",
              reason:
                "Tremendous holds this order for approval and does not let this app reject it: reject it in " +
                "the Tremendous dashboard (or turn on “Allow approvals via API” in its Order Approvals " +
                "settings), then refund again",
            };
          }
          if (status !== 404 && status !== 422) throw unclear(err);
          return afterRefusal(id, withLink, call, async (o) => ({
            outcome: "refused",
            reason: STILL_RUNNING(o.status),
          }));
        }
      }
      if (pending.hold === "delivery_failed" && pending.rewardId) {
        try {
          // Only a non-expired reward whose delivery failed can be cancelled; a 2xx means it is.
          await rewards.cancelReward(pending.rewardId, call);
          return { outcome: "stopped" };
        } catch (err) {
          if (httpStatus(err) !== 422) throw unclear(err);
          return afterRefusal(id, withLink, call, async (o) => {
            const expires = o.rewards?.[0]?.expires_at;
            if (expires && Date.parse(expires) <= Date.now()) {
              return {
                outcome: "refused",
                reason: `Tremendous will not cancel this expired reward (${explain(err)}): ask Tremendous support what became of it`,
              };
            }
            // Documented: a delivery-failed, unexpired reward refuses cancelling only once redeemed.
            return { outcome: "issued", card: await issuedCard(o, withLink, call) };
          });
        }
      }
      return { outcome: "refused", reason: STILL_RUNNING() };
    },
  };
}
