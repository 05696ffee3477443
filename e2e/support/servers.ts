import type { TestInfo } from "@playwright/test";

/**
 * The journeys' servers (playwright.config.ts): each worker has its own sandbox server, on
 * E2E_PORT + its worker index, with its own database, so two journeys running at once never see
 * each other's members, admins or audit entries. The gift-card orders journey has its own server
 * (its gift cards come from a fake Tremendous), ten ports up.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 3290);
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
export const tremendousPort = e2ePort + 10;
/** A server's journeys control (scripts/e2e-server.ts) listens this far above its web port. */
export const CONTROL_PORT_OFFSET = 2000;

/** The address of the server the running journey talks to. */
export function serverURL(info: TestInfo): string {
  if (info.project.name === "tremendous") return `http://127.0.0.1:${tremendousPort}`;
  return `http://127.0.0.1:${e2ePort + (info.parallelIndex % e2eWorkers)}`;
}

/** The control port of that server. */
export function controlPortFor(info: TestInfo): number {
  return Number(new URL(serverURL(info)).port) + CONTROL_PORT_OFFSET;
}
