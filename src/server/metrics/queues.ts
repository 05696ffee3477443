import { sql } from "drizzle-orm";
import type { Gauge, Registry } from "prom-client";
import type { AppContext } from "../context";
import { queryRows } from "../db/client";
import { gaugeFromReading, type Reading, secondsSince, sharedReading } from "./readings";
import { METRIC_PREFIX } from "./registry";

/** One queue's (or one stage's) waiting work: how much, and how long the oldest has waited. */
export type QueueState = { size: number; oldestAgeSeconds: number };

/** The notification queue's two stages (queue-job.ts): fan-outs to expand, then deliveries to send. */
export const NOTIFICATION_STAGES = ["fanout", "delivery"] as const;
type NotificationStage = (typeof NOTIFICATION_STAGES)[number];

/**
 * The notification queue by stage: the rows not done (retries waiting for their next try
 * included), and how long the oldest that is due has waited past its time to run. Each figure is
 * read on the stage's partial index of rows not done.
 */
export async function readNotificationQueue(ctx: AppContext): Promise<Record<NotificationStage, QueueState>> {
  const now = ctx.clock.now();
  const [row] = await queryRows<{
    fanouts: number;
    fanout_oldest: Date | string | null;
    deliveries: number;
    delivery_oldest: Date | string | null;
  }>(
    ctx.db,
    sql`select
        (select count(*)::int from notification_fanouts where done_at is null) as fanouts,
        (select min(run_at) from notification_fanouts where done_at is null and run_at <= ${now}) as fanout_oldest,
        (select count(*)::int from notification_deliveries where done_at is null) as deliveries,
        (select min(run_at) from notification_deliveries where done_at is null and run_at <= ${now}) as delivery_oldest`,
  );
  const age = (at: Date | string | null) => secondsSince(now, at === null ? null : new Date(at));
  return {
    fanout: { size: row.fanouts, oldestAgeSeconds: age(row.fanout_oldest) },
    delivery: { size: row.deliveries, oldestAgeSeconds: age(row.delivery_oldest) },
  };
}

/** A gift-card redemption's states until the card is the member's or refunded (schema/rewards.ts). */
export const GIFT_CARD_OPEN_STATES = ["pending", "issuing", "ordered"] as const;
type GiftCardOpenState = (typeof GIFT_CARD_OPEN_STATES)[number];

/**
 * The gift-card queue by status: redemptions paid for whose card is not the member's yet, and
 * how long ago the oldest was redeemed, on the partial index of open redemptions.
 */
export async function readGiftCardQueue(ctx: AppContext): Promise<Record<GiftCardOpenState, QueueState>> {
  const now = ctx.clock.now();
  const rows = await queryRows<{ status: GiftCardOpenState; size: number; oldest: Date | string }>(
    ctx.db,
    sql`select status, count(*)::int as size, min(created_at) as oldest from gift_card_redemptions
      where status in ('pending', 'issuing', 'ordered') group by status`,
  );
  const byStatus = new Map(rows.map((r) => [r.status, r]));
  const state = (status: GiftCardOpenState): QueueState => {
    const row = byStatus.get(status);
    return row
      ? { size: row.size, oldestAgeSeconds: secondsSince(now, new Date(row.oldest)) }
      : { size: 0, oldestAgeSeconds: 0 };
  };
  return { pending: state("pending"), issuing: state("issuing"), ordered: state("ordered") };
}

type QueueGauges<K extends string> = {
  name: string;
  help: { size: string; age: string };
  label: string;
  keys: readonly K[];
  reading: Reading<Record<K, QueueState>>;
};

/** A queue's size and oldest age as two gauges labelled by `label` (every value of it, 0s included). */
function queueGauges<K extends string>(registry: Registry, queue: QueueGauges<K>): void {
  const each = (pick: (s: QueueState) => number) => (gauge: Gauge<string>, state: Record<K, QueueState>) => {
    for (const key of queue.keys) gauge.set({ [queue.label]: key }, pick(state[key]));
  };
  const common = { registry, labelNames: [queue.label], reading: queue.reading };
  gaugeFromReading({
    ...common,
    name: `${METRIC_PREFIX}${queue.name}_size`,
    help: queue.help.size,
    set: each((s) => s.size),
  });
  gaugeFromReading({
    ...common,
    name: `${METRIC_PREFIX}${queue.name}_oldest_age_seconds`,
    help: queue.help.age,
    set: each((s) => s.oldestAgeSeconds),
  });
}

/** The notification and gift-card queues: their size and their oldest item's age. */
export function watchQueues(ctx: AppContext, registry: Registry): void {
  queueGauges(registry, {
    name: "notification_queue",
    help: {
      size: "Notification fan-outs and deliveries (push, email) not done yet, retries included, by stage",
      age: "Seconds the oldest due fan-out or delivery has waited past its time to run, by stage (0: none)",
    },
    label: "stage",
    keys: NOTIFICATION_STAGES,
    reading: sharedReading(ctx.log, "notification queue", () => readNotificationQueue(ctx)),
  });
  queueGauges(registry, {
    name: "gift_card_queue",
    help: {
      size: "Gift-card redemptions paid for whose card is not the member's yet, by status",
      age: "Seconds since the oldest open gift-card redemption was made, by status (0: none)",
    },
    label: "status",
    keys: GIFT_CARD_OPEN_STATES,
    reading: sharedReading(ctx.log, "gift-card queue", () => readGiftCardQueue(ctx)),
  });
}
