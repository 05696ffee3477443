import { becomeActiveMember } from "./support/member";
import { expect, type Page, test } from "./support/test";
import { playWalk, serverStepsToday, walkSegment } from "./support/walk";

const RECORDING = "user2_hand_1506421987098.csv.gz";

async function grantAndStart(page: Page) {
  const permission = page.getByTestId("motion-permission");
  await expect(permission).toContainText("Motion Permission Required");
  await expect(page.getByRole("button", { name: "Need Permission" })).toBeDisabled();
  await permission.getByRole("button", { name: "Grant Permission" }).click();
  // The 1 s sensor probe hears nothing in a headless browser; tracking proceeds anyway.
  await expect(permission).toContainText("Motion Permission Granted");
  await page.getByRole("button", { name: "Start Tracking" }).click();
  await expect(page.getByTestId("step-tracking").getByRole("status")).toHaveText("Active");
}

const todaySteps = async (page: Page) =>
  Number(((await page.getByTestId("today-steps").textContent()) ?? "").replace(/,/g, ""));

test("a real walk played into the phone is counted, shown rising, and the server's total matches", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await becomeActiveMember(page);
  await grantAndStart(page);
  await expect(page.getByTestId("today-steps")).toHaveText("0");

  const walk = walkSegment(RECORDING, 30, 60);
  // The count rises while the walk plays, not only at its end.
  const walking = playWalk(page, walk.samples);
  await expect.poll(() => todaySteps(page), { timeout: 20_000 }).toBeGreaterThan(0);
  const midway = await todaySteps(page);
  expect(midway).toBeLessThan(walk.truth - 5);
  await expect.poll(() => todaySteps(page), { timeout: 20_000 }).toBeGreaterThan(midway);
  await walking;

  // Stop flushes what is pending; the button then reads Synced.
  await page.getByRole("button", { name: "Stop Tracking" }).click();
  await expect(page.getByRole("button", { name: "Synced" })).toBeDisabled();
  const shown = await todaySteps(page);
  expect(await serverStepsToday(page)).toBe(shown);
  // The detector, fed by the page's sensor events, is within a few steps of the heel sensors.
  expect(Math.abs(shown - walk.truth)).toBeLessThanOrEqual(Math.max(3, Math.round(walk.truth * 0.08)));
});

test("going offline mid-walk and reloading loses no steps: they sync once back online", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await becomeActiveMember(page);
  await grantAndStart(page);
  const walk = walkSegment(RECORDING, 60, 84);
  const third = Math.floor(walk.samples.length / 3);
  const part = (from: number, to: number) =>
    walk.samples.slice(from, to).map((s) => ({ ...s, t: s.t - (walk.samples[from]?.t ?? 0) }));

  await playWalk(page, part(0, third));
  await expect.poll(() => serverStepsToday(page)).toBeGreaterThan(0);

  await context.setOffline(true);
  await playWalk(page, part(third, 2 * third));
  const tracking = page.getByTestId("step-tracking");
  await expect(tracking.getByText(/\d+ pending/)).toBeVisible();
  await expect(page.getByTestId("total-steps").getByText("Offline")).toBeVisible();

  // Back online, but the step sync held back: a reload must keep the queued steps (IndexedDB).
  await page.route("**/api/steps", (route) => route.abort());
  await context.setOffline(false);
  const beforeReload = await todaySteps(page);
  await page.reload();
  await expect(page.getByTestId("today-steps")).toHaveText(beforeReload.toLocaleString("en-US"));
  await expect(tracking.getByText(/\d+ pending/)).toBeVisible();

  // Tracking was on at the last visit: it restarts by itself after 1 s.
  await expect(tracking.getByRole("status")).toHaveText("Active");
  await page.unroute("**/api/steps");
  await playWalk(page, part(2 * third, walk.samples.length));
  await page.getByRole("button", { name: "Stop Tracking" }).click();
  await expect(page.getByRole("button", { name: "Synced" })).toBeDisabled();
  const shown = await todaySteps(page);
  expect(await serverStepsToday(page)).toBe(shown);
  expect(Math.abs(shown - walk.truth)).toBeLessThanOrEqual(Math.max(3, Math.round(walk.truth * 0.1)));
});

test("the step test's taps are practice: each syncs, and none counts, for a visitor or a member", async ({
  page,
}) => {
  // Every sync the page makes: none may go to the member's steps.
  const stepSyncs: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/steps")
      stepSyncs.push(request.url());
  });
  const plus = page.getByRole("button", { name: "Add one step" });
  const status = page.getByRole("status").filter({ hasText: "Status:" });

  await page.goto("/step-test");
  await expect(page.getByTestId("practice-note")).toHaveText(
    "Practice only: taps here do not count for competitions, points, streaks, badges or the leaderboard.",
  );
  await plus.click();
  await expect(status).toContainText("Synced at");

  await becomeActiveMember(page);
  await page.goto("/step-test");
  await expect(page.getByTestId("practice-note")).toBeVisible();
  for (let i = 0; i < 3; i++) {
    await plus.click();
    await expect(status).toContainText("Synced at");
  }
  await expect(page.getByText("3", { exact: true })).toBeVisible();
  // Neither the visitor's tap nor the member's counted: no step sync, and nothing today.
  expect(await serverStepsToday(page)).toBe(0);
  expect(stepSyncs).toEqual([]);
});
