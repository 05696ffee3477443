import { randomUUID } from "node:crypto";
import { expect, type Frame, type Page, type Response } from "@playwright/test";
import { milestonesReached, stepPoints } from "../../src/core/rules/points";
import { ageAccount } from "./account-age";
import { callApi } from "./competitions";

/** The most steps one sync may carry (src/server/features/steps/steps.schemas.ts). */
const STEPS_PER_SYNC = 10_000;
/** 45 minutes between syncs: 10,800 steps at the plausible cadence of 4 a second. */
const SYNC_GAP_MS = 45 * 60_000;

/**
 * Walks `steps` for the member through POST /api/steps, as an app that was offline would sync
 * them: batches of 10,000 recorded 45 minutes apart, the last a minute ago, on an account aged to
 * before the first, so every batch passes the cadence check. Answers the points the server's job should award for them, by the points
 * rules over the member's local days (the batches may straddle midnight).
 */
export async function syncStepsForPoints(page: Page, steps: number): Promise<number> {
  const batches = Math.ceil(steps / STEPS_PER_SYNC);
  // A member since before the first batch (a sync counts only what could be walked since then).
  await ageAccount(page, batches * SYNC_GAP_MS + 3600_000);
  const last = Date.now() - 60_000;
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const dayOf = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const perDay = new Map<string, number>();
  for (let i = 0; i < batches; i++) {
    const count = Math.min(STEPS_PER_SYNC, steps - i * STEPS_PER_SYNC);
    const at = new Date(last - (batches - 1 - i) * SYNC_GAP_MS);
    const synced = await callApi(page, "POST", "/api/steps", {
      steps: count,
      timestamp: at.toISOString(),
      batchId: randomUUID(),
      deviceSignature: "e2e-rewards",
      motionData: { accelerometer: true, gyroscope: false, deviceType: "android" },
    });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    const day = dayOf.format(at);
    perDay.set(day, (perDay.get(day) ?? 0) + count);
  }
  let points = 0;
  for (const daySteps of perDay.values()) {
    points += stepPoints(daySteps) + milestonesReached(daySteps).reduce((sum, m) => sum + m.points, 0);
  }
  return points;
}

/** Waits until the points job has awarded `points` (it runs every JOB_TICK_MS on the journeys' server). */
export async function waitForPoints(page: Page, points: number): Promise<void> {
  await expect
    .poll(async () => (await callApi<{ availablePoints: number }>(page, "GET", "/api/points/summary")).body, {
      timeout: 30_000,
      message: "the points job awards the synced steps",
    })
    .toMatchObject({ availablePoints: points });
}

export interface CreatedOffer {
  id: number;
  brand: string;
  month: string;
}

/** The current UTC month, "2026-11": the only month whose offer can be activated. */
export const thisMonth = (): string => new Date().toISOString().slice(0, 7);

/** A month as the app writes it: "November 2026". */
export const monthName = (month: string): string =>
  new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/**
 * The admin creates a Gift Card of the Month of the current month (Activate takes no other) with
 * the default tiers and activates it.
 */
export async function activateOffer(adminPage: Page, brand: string): Promise<CreatedOffer> {
  const month = thisMonth();
  const created = await callApi<CreatedOffer>(adminPage, "POST", "/api/admin/gift-card-offers", {
    month,
    brand,
    description: `${brand} gift cards for the steps you took.`,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const activated = await callApi(
    adminPage,
    "POST",
    `/api/admin/gift-card-offers/${created.body.id}/activate`,
  );
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  return created.body;
}

/**
 * Opens `path` and closes the badge celebration that the app's check on load may open (steps
 * synced through the API unlock step badges): each badge is celebrated once, and a journey about
 * something else goes on under no dialog. It listens from before the navigation (a page that loads
 * fast has checked before goto returns), but takes only a check answered once the new document
 * has committed: the previous page's, whose body is gone after it, does not count.
 */
export async function openPastCelebration(page: Page, path: string): Promise<void> {
  let committed = false;
  const onCommit = (frame: Frame) => {
    if (frame === page.mainFrame()) committed = true;
  };
  page.on("framenavigated", onCommit);
  const checking = page.waitForResponse(
    (r) => committed && r.url().endsWith("/api/achievements/check") && r.request().method() === "POST",
  );
  // Not left unhandled when the navigation itself fails.
  checking.catch(() => undefined);
  let checked: Response;
  try {
    await page.goto(path, { waitUntil: "commit" });
    checked = await checking;
  } finally {
    page.off("framenavigated", onCommit);
  }
  const unlocked = (await checked.json()) as unknown[] | null;
  if (!unlocked || unlocked.length === 0) return;
  const celebration = page.getByRole("dialog", { name: /Unlocked!$/ });
  const viewed = page.waitForResponse(
    (r) => /\/api\/achievements\/[^/]+\/viewed$/.test(r.url()) && r.request().method() === "POST",
  );
  await celebration.getByRole("button", { name: "Awesome!" }).click();
  await expect(celebration).toBeHidden();
  await viewed;
}
