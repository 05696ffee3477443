import { ageAccount, control, startCompetition } from "./support/account-age";
import { adminPhone, callApi, createCompetition, suffix } from "./support/competitions";
import { becomeActiveMember } from "./support/member";
import { openPastCelebration } from "./support/rewards";
import { serverURL } from "./support/servers";
import { test as base, expect } from "./support/test";

/** Zones a few hours apart, one of which is always in the middle of its day. */
const ZONES = ["Pacific/Honolulu", "America/New_York", "Europe/London", "Asia/Dubai", "Asia/Shanghai"];

/**
 * A zone where it is now between 06:00 and 18:00: the quarter hour the journey walks, just past,
 * is today's there. In the browser's own zone it fell on yesterday in the first quarter hour after
 * midnight, and "today's steps" rightly left it out (CI once ran it at 00:05).
 */
function zoneAtMidday(now = new Date()): string {
  const hourIn = (timeZone: string) =>
    Number(new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone }).format(now));
  const zone = ZONES.find((z) => hourIn(z) >= 6 && hourIn(z) < 18);
  if (!zone) throw new Error("no zone in the middle of its day");
  return zone;
}

/**
 * Withings sends the member back to the server's public URL (localhost): the journey talks to its
 * server by that name, so the session cookie goes with the redirect. The member's phone (and so
 * their profile, set from it at sign-up) is in a zone in the middle of its day.
 */
const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(serverURL(testInfo).replace("127.0.0.1", "localhost"));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
  timezoneId: async ({}, use) => {
    await use(zoneAtMidday());
  },
});

const QUARTER = 15 * 60_000;

/**
 * Issue 33: a member connects Withings from the profile (its consent page, then back), the watch's
 * webhook brings its steps, and the dashboard and a competition's standings show them, counted once
 * where the phone counted the same quarter hour.
 */
test("a member connects Withings and the watch's steps count once beside the phone's", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const admin = await adminPhone(browser, testInfo);
  const competition = await createCompetition(admin, {
    name: `Watch Walk ${suffix()}`,
    entryFee: null,
    startInMinutes: 5,
  });
  const member = await becomeActiveMember(page);
  expect((await callApi(page, "POST", `/api/competitions/${competition.id}/join`, {})).status).toBe(200);
  // It began an hour ago: the quarter hour walked below lies inside it.
  await startCompetition(competition.id);
  await ageAccount(page);

  // The phone counted 300 steps in the last full quarter hour.
  const quarter = Math.floor(Date.now() / QUARTER) * QUARTER - QUARTER;
  const phone = await callApi(page, "POST", "/api/steps", {
    steps: 300,
    timestamp: new Date(quarter + 8 * 60_000).toISOString(),
    batchId: crypto.randomUUID(),
  });
  expect(phone.status).toBe(200);

  // The profile's own check on load is settled before Connect is tapped.
  await openPastCelebration(page, "/profile");
  // Joining a competition and walking 1,000 steps each unlock a badge: their celebrations are
  // acknowledged whenever they come. A celebration that opens as the page leaves for Withings goes
  // with the page: the handler does not wait for it (CI once hung there until the test's end).
  await page.addLocatorHandler(
    page.getByRole("button", { name: "Awesome!" }),
    (button) => button.click({ timeout: 3_000 }).catch(() => undefined),
    { noWaitAfter: true },
  );
  await expect(page.getByText(/the larger count is used, never both/)).toBeVisible();
  await page.getByRole("button", { name: "Connect Withings" }).click();
  // Withings' consent page (the fake's), then back to the profile.
  await expect(page.getByRole("heading", { name: "Allow StepRace to read your activity?" })).toBeVisible();
  await page.getByRole("link", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
  await expect(page.getByText("Withings Connected", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Connected watches and trackers" })).toContainText("Withings");
  await page.screenshot({ path: testInfo.outputPath("profile-withings.png") });

  // The watch walked 1,000 steps in that same quarter hour; Withings' webhook says so.
  await control("/withings", { start: new Date(quarter + 60_000).toISOString(), seconds: 600, steps: 1000 });

  await page.goto("/dashboard");
  const bySource = page.getByRole("region", { name: "Today's steps by source" });
  const source = (name: string) =>
    bySource.getByRole("list", { name: "Steps by source" }).getByRole("listitem").filter({ hasText: name });
  await expect(bySource).toContainText("Withings", { timeout: 20_000 });
  await expect(async () => {
    await page.reload();
    await expect(source("Withings")).toContainText("1,000", {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(source("Phone")).toContainText("300");
  await expect(bySource).toContainText("Counted: 1,000.");
  await expect(bySource).toContainText(/Withings: last synced/);
  await page.screenshot({ path: testInfo.outputPath("dashboard-by-source.png") });

  // The competition counts the larger of the two as well: 1,000, not 1,300.
  await page.goto(`/competitions/${competition.id}/standings`);
  const board = page.getByRole("list", { name: `${competition.name} standings` });
  await expect(
    board.getByRole("listitem").filter({ hasText: `${member.firstName} ${member.lastName}` }),
  ).toContainText("1,000");

  // Disconnect: asked first; what Withings counted stays counted.
  await page.goto("/profile");
  await page.getByRole("button", { name: "Disconnect Withings" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
  await expect(
    page.getByText("Withings disconnected. The steps it counted stay counted.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect Withings" })).toBeVisible();
  const today = await callApi<{ steps: number }>(page, "GET", "/api/steps/today");
  expect(today.body.steps).toBe(1000);
});
