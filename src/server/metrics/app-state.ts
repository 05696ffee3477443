import type { AppContext } from "../context";
import { watchQueues } from "./queues";
import { watchReplica } from "./replica";
import { watchSettlement } from "./settlement";

/**
 * The gauges of the app's state, read at scrape time with the app's database and clock: the
 * settlement backlog, the notification and gift-card queues, and the read replica when there is one.
 */
export function watchAppState(ctx: AppContext): void {
  watchSettlement(ctx, ctx.metrics.registry);
  watchQueues(ctx, ctx.metrics.registry);
  watchReplica(ctx);
}
