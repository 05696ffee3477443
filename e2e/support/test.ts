import { test as base } from "@playwright/test";
import { serverURL } from "./servers";

export { expect, type Locator, type Page } from "@playwright/test";

/** Playwright's `test`, talking to this worker's own journeys server (support/servers.ts). */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(serverURL(testInfo));
  },
});
