import {
  type Browser,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { signInAsAdmin } from "./admin";
import { callApi } from "./api";
import { serverURL } from "./servers";

export { callApi } from "./api";

/** A second phone: a new browser context with the project's device settings (and any others given). */
export async function newPhone(
  browser: Browser,
  testInfo: TestInfo,
  extra: BrowserContextOptions = {},
): Promise<Page> {
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor, locale } = testInfo.project.use;
  const options: BrowserContextOptions = {
    baseURL: serverURL(testInfo),
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    locale,
    ...extra,
  };
  const context = await browser.newContext(options);
  return context.newPage();
}

/** The admin, signed in on a phone of their own. */
export async function adminPhone(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const page = await newPhone(browser, testInfo);
  await signInAsAdmin(page);
  return page;
}

export interface CreatedCompetition {
  id: number;
  name: string;
  inviteCode: string;
}

/** Creates a competition as the admin (the create dialog has its own journey). */
export async function createCompetition(
  adminPage: Page,
  body: { name: string; entryFee: number | null; startInMinutes: number; days?: number },
): Promise<CreatedCompetition> {
  const start = new Date(Date.now() + body.startInMinutes * 60_000);
  const end = new Date(start.getTime() + (body.days ?? 7) * 24 * 3600_000);
  const created = await callApi<CreatedCompetition>(adminPage, "POST", "/api/admin/competitions", {
    name: body.name,
    description: `${body.name}: a week of walking for the journeys.`,
    entryFee: body.entryFee,
    maxParticipants: null,
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    entryDeadlineHours: null,
  });
  expect(created.status).toBe(201);
  return created.body;
}

/** The admin gives a member FitCoins (Add FitCoins on the admin panel, by API). */
export async function grantFitcoins(adminPage: Page, memberPage: Page, amount: number): Promise<void> {
  const me = await callApi<{ id: number }>(memberPage, "GET", "/api/auth/user");
  const granted = await callApi(adminPage, "POST", "/api/admin/add-coins", {
    userId: me.body.id,
    amount,
    reason: "Test FitCoins",
  });
  expect(granted.status).toBe(200);
}

/** A competition's card on the page, by its name. */
export function card(page: Page | Locator, name: string) {
  return page.getByRole("article", { name, exact: true });
}

/** A unique suffix, so journeys on one server never see each other's competitions by name. */
export function suffix(): string {
  return Date.now().toString(36).slice(-5);
}
