import type { FastifyReply, FastifyRequest } from "fastify";
import type { Metrics } from "./registry";

/** The one route label of every request no route matched: raw URLs would make a series per probe. */
export const UNMATCHED_ROUTE = "unmatched";

/**
 * Times an answered request by its route's pattern (`/api/competitions/:id`, never the id itself),
 * so the series stay as few as the routes, whatever the URLs asked.
 */
export function observeRequest(metrics: Metrics, request: FastifyRequest, reply: FastifyReply): void {
  metrics.requestDuration.observe(
    {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: reply.statusCode,
    },
    reply.elapsedTime / 1000,
  );
}
