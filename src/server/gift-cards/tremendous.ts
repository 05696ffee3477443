import { Configuration, OrdersApi, RewardsApi } from "tremendous";
import type { TremendousConfig } from "../config";
import {
  type GiftCardCancelOutcome,
  type GiftCardOrderState,
  type GiftCardProvider,
  GiftCardRejectedError,
  type PlacedGiftCardOrder,
} from "./provider";

/**
 * Real gift cards through Tremendous's official SDK (DESIGN 1, gift-card fulfilment). One order per
 * redemption, its reference as the order's external_id: Tremendous answers a repeated create
 * with the order placed first, so a retry, a crash before the answer or two processes never buy
 * two cards. Delivery is by LINK: the app shows the link and emails it itself.
 */

/** Shorter than the claim a process holds on an order (5 minutes): a hung call never outlives it. */
const TIMEOUT_MS = 30_000;

/** The parts of an order the decisions below read (the create and get answers differ in detail). */
type OrderView = {
  id: string;
  external_id?: string | null;
  status: string;
  rewards?: { id?: string; delivery?: { status?: string; link?: string } }[];
};

export type TremendousResource = { type: string; id: string };

export type TremendousProvider = GiftCardProvider & {
  /** The external id (our reference) of the order a webhook's resource belongs to, if any. */
  referenceOf(resource: TremendousResource): Promise<string | null>;
  readonly webhookSecret: string | undefined;
};

const httpStatus = (err: unknown) => (err as { response?: { status?: number } }).response?.status;

/** Tremendous's own words for a refusal (`{ errors: { message } }`), else the transport's. */
function explain(err: unknown): string {
  const data = (err as { response?: { data?: { errors?: { message?: string } } } }).response?.data;
  const status = httpStatus(err);
  const message = data?.errors?.message ?? (err instanceof Error ? err.message : String(err));
  return status ? `Tremendous ${status}: ${message}` : `Tremendous unreachable: ${message}`;
}

const unclear = (err: unknown) => new Error(explain(err));

/** What an order says about the card: final states, delivered, or still on its way. */
function stateOf(order: OrderView): PlacedGiftCardOrder & { deliveryFailed?: boolean } {
  const reward = order.rewards?.[0];
  const rewardId = reward?.id ?? null;
  const link = reward?.delivery?.link ?? null;
  if (order.status === "FAILED" || order.status === "CANCELED") {
    return { status: "failed", providerReference: order.id, reason: `Order ${order.status.toLowerCase()}` };
  }
  const delivery = reward?.delivery?.status;
  if (order.status === "EXECUTED" && delivery === "SUCCEEDED") {
    return { status: "delivered", providerReference: order.id, rewardId, code: null, link };
  }
  return {
    status: "pending",
    providerReference: order.id,
    rewardId,
    link,
    deliveryFailed: delivery === "FAILED",
  };
}

export function createTremendousProvider(config: TremendousConfig): TremendousProvider {
  const configuration = new Configuration({
    basePath: config.apiUrl,
    accessToken: config.apiKey,
    baseOptions: { timeout: TIMEOUT_MS },
  });
  const orders = new OrdersApi(configuration);
  const rewards = new RewardsApi(configuration);

  /** The order under an id or external id; null when Tremendous has none. */
  async function getOrder(id: string): Promise<OrderView | null> {
    try {
      return (await orders.getOrder(id)).data.order;
    } catch (err) {
      if (httpStatus(err) === 404) return null;
      throw unclear(err);
    }
  }

  /**
   * A LINK reward whose delivery failed cannot reach the member: it is cancelled, and only a
   * cancelled order counts as failed (a refund then never leaves a spendable card behind).
   */
  async function cancelAndReread(order: OrderView): Promise<OrderView> {
    const rewardId = order.rewards?.[0]?.id;
    if (!rewardId) return order;
    try {
      await rewards.cancelReward(rewardId);
    } catch {
      // Redeemed meanwhile, or already cancelled: the order read again says which.
    }
    return (await getOrder(order.id)) ?? order;
  }

  async function lookup(
    reference: string,
    options: { withLink?: boolean } = {},
  ): Promise<GiftCardOrderState> {
    let order = await getOrder(reference);
    if (!order) return { status: "missing" };
    let state = stateOf(order);
    if (state.status === "pending" && state.deliveryFailed) {
      order = await cancelAndReread(order);
      state = stateOf(order);
    }
    if (state.status === "delivered" && !state.link && options.withLink && state.rewardId) {
      try {
        state.link = (await rewards.generateRewardLink(state.rewardId)).data.reward.link ?? null;
      } catch (err) {
        throw unclear(err);
      }
    }
    const { deliveryFailed: _, ...answer } = state as typeof state & { deliveryFailed?: boolean };
    return answer as GiftCardOrderState;
  }

  return {
    name: "tremendous",
    webhookSecret: config.webhookSecret,

    async issue(order) {
      // Tremendous needs products or a campaign: without either, no card can ever be ordered.
      if (!order.productId && !config.campaignId) {
        throw new GiftCardRejectedError("No Tremendous product for this card and no TREMENDOUS_CAMPAIGN_ID");
      }
      const denomination = order.valueCents / 100;
      try {
        const res = await orders.createOrder({
          external_id: order.reference,
          payment: { funding_source_id: config.fundingSourceId },
          reward: {
            ...(order.productId ? { products: [order.productId] } : { campaign_id: config.campaignId }),
            value: { denomination, currency_code: "USD" },
            recipient: { name: order.recipientName, email: order.recipientEmail },
            delivery: { method: "LINK" },
          },
        });
        const { deliveryFailed: _, ...state } = stateOf(res.data.order);
        return state as PlacedGiftCardOrder;
      } catch (err) {
        const status = httpStatus(err);
        // The reference was used with other details (an edited product): the order placed first stands.
        if (status === 409) {
          const found = await lookup(order.reference);
          if (found.status !== "missing") return found;
        }
        if (status === 400 || status === 422) throw new GiftCardRejectedError(explain(err));
        throw unclear(err);
      }
    },

    lookup,

    async cancel(reference): Promise<GiftCardCancelOutcome> {
      const order = await getOrder(reference);
      if (!order) return "missing";
      const before = stateOf(order);
      if (before.status === "failed") return "canceled";
      if (before.status === "delivered") return "issued";
      const after = stateOf(await cancelAndReread(order));
      if (after.status === "failed") return "canceled";
      return after.status === "delivered" ? "issued" : "not_cancelable";
    },

    async referenceOf(resource) {
      let orderId = resource.id;
      if (resource.type === "rewards") {
        try {
          const reward = (await rewards.getReward(resource.id)).data.reward;
          if (!reward.order_id) return null;
          orderId = reward.order_id;
        } catch (err) {
          if (httpStatus(err) === 404) return null;
          throw unclear(err);
        }
      } else if (resource.type !== "orders") {
        return null;
      }
      return (await getOrder(orderId))?.external_id ?? null;
    },
  };
}
