import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import type { PoolStats } from "../db/client";
import { registerProcessMetrics } from "./process";
import { type Metrics, scrape } from "./registry";

export type MetricsListener = { port: number; close(): Promise<void> };

export type MetricsListenerOptions = {
  host: string;
  port: number;
  log: FastifyBaseLogger;
  /** The database pool's connections (main.ts: the opened Database's poolStats). */
  poolStats?: () => PoolStats;
};

/** Answers a scrape: the metrics at GET /metrics, 404 for any other path, 405 for other methods. */
async function answer(metrics: Metrics, log: FastifyBaseLogger, req: IncomingMessage, res: ServerResponse) {
  const path = (req.url ?? "/").split("?")[0];
  if (path !== "/metrics") {
    res
      .writeHead(404, { "content-type": "text/plain; charset=utf-8" })
      .end("Not found: the metrics are at /metrics\n");
    return;
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    res
      .writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" })
      .end("Method not allowed\n");
    return;
  }
  try {
    const body = await scrape(metrics);
    res.writeHead(200, { "content-type": metrics.registry.contentType });
    res.end(req.method === "HEAD" ? undefined : body);
  } catch (err) {
    log.error({ err }, "metrics scrape failed");
    res
      .writeHead(500, { "content-type": "text/plain; charset=utf-8" })
      .end("The metrics could not be read\n");
  }
}

/**
 * Serves the metrics in Prometheus's text format on a listener of their own (METRICS_PORT, on
 * loopback unless METRICS_HOST says otherwise), never on the public port: they tell anyone who
 * reads them how busy the service is and where it hurts.
 */
export async function listenForMetrics(
  metrics: Metrics,
  options: MetricsListenerOptions,
): Promise<MetricsListener> {
  registerProcessMetrics(metrics.registry, options.poolStats);
  const server = createServer((req, res) => void answer(metrics, options.log, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  options.log.info(`metrics on http://${options.host}:${port}/metrics`);
  return {
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // A Prometheus keeps its connection open between scrapes: it must not hold the close.
        server.closeAllConnections();
      }),
  };
}
