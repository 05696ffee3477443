import { expect, type Locator, type Page } from "@playwright/test";
import { callApi, card } from "./competitions";
import { openPastCelebration } from "./rewards";

/** A 1x1 PNG, decoded and re-encoded by the server like any photo. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** The signed-in member's id (GET /api/auth/user). */
export async function memberId(page: Page): Promise<number> {
  const me = await callApi<{ id: number }>(page, "GET", "/api/auth/user");
  expect(me.status).toBe(200);
  return me.body.id;
}

/** Joins a competition by API (the guidelines dialog has its own journey). */
export async function joinByApi(page: Page, competitionId: number): Promise<void> {
  const joined = await callApi(page, "POST", `/api/competitions/${competitionId}/join`, {});
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
}

/** Posts to a competition's chat by API. */
export async function postByApi(page: Page, competitionId: number, message: string): Promise<void> {
  const posted = await callApi(page, "POST", `/api/competitions/${competitionId}/messages`, { message });
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);
}

/**
 * Opens /competitions (past any badge celebration: joining unlocks First Race) and the chat of a
 * joined competition; answers the chat's region.
 */
export async function openCompetitionChat(page: Page, name: string) {
  await openPastCelebration(page, "/competitions");
  await expect(page.getByRole("heading", { name: "Competitions", level: 1 })).toBeVisible();
  const mine = card(page.getByRole("region", { name: "Currently Active" }), name);
  await mine.getByRole("button", { name: "Chat" }).click();
  const heading = `${name} Chat`;
  const chat = mine.getByRole("region", { name: heading });
  await expect(chat.getByRole("heading", { name: heading })).toBeVisible();
  return chat;
}

/** The messages list of an open chat (absent while the chat is empty). */
export function chatMessages(chat: Locator, name: string) {
  return chat.getByRole("list", { name: `${name} Chat messages` });
}

/** Opens /safety. */
export async function openSafety(page: Page): Promise<void> {
  await page.goto("/safety");
  await expect(page.getByRole("heading", { name: "Safety & Privacy", level: 1 })).toBeVisible();
}
