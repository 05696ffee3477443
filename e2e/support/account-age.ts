import { expect, type Page, test } from "@playwright/test";
import { controlPortFor } from "./servers";

/**
 * Makes the signed-in member's account `ageMs` old. A sync credits only what could be walked since
 * the account was created (DESIGN 1, step plausibility), so a journey that syncs a day's steps for
 * a member it has just registered ages the account first, as if they had joined long ago.
 */
export async function ageAccount(page: Page, ageMs = 24 * 3600_000): Promise<void> {
  await control("/account-age", { username: await signedInUsername(page), ageMs });
}

/** Ends the signed-in member's subscription at `endedAt`, as the period-end job leaves it. */
export async function lapseSubscription(page: Page, endedAt: string): Promise<void> {
  await control("/lapse", { username: await signedInUsername(page), endedAt });
}

/** Enters `count` walkers into a competition; walker i has `base + step * i` steps. */
export async function addCrowd(
  competitionId: number,
  count: number,
  base: number,
  step: number,
): Promise<void> {
  await control("/crowd", { competitionId, count, base, step });
}

/** A call to the journeys' control of this worker's server (scripts/e2e-server.ts), or of `port`. */
export async function control(
  path: string,
  body: unknown,
  port = controlPortFor(test.info()),
): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
  });
  expect(response.status, await response.text()).toBe(204);
}

async function signedInUsername(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch("/api/auth/user", {
      credentials: "include",
      headers: {
        "Content-Type": "application/json",
        "X-Device-Fingerprint": localStorage.getItem("deviceFingerprint") ?? "",
      },
    });
    return ((await response.json()) as { username: string }).username;
  });
}

/** Starts the group's scheduled round an hour ago, as if the members had been walking in it since. */
export async function startRound(groupId: number): Promise<void> {
  await control("/start-round", { groupId });
}

/** Starts a competition an hour ago, as if its walkers had been in it since. */
export async function startCompetition(competitionId: number): Promise<void> {
  await control("/start-competition", { competitionId });
}
