import { becomeActiveMember } from "./support/member";
import { expect, type Page, test } from "./support/test";
import { syncStepsNow } from "./support/walk";

/** Loads `path` and waits for the celebration's check call to be answered. */
async function openAndCheck(page: Page, path: string) {
  const checked = page.waitForResponse(
    (r) => r.url().endsWith("/api/achievements/check") && r.request().method() === "POST",
  );
  await page.goto(path);
  expect((await checked).status()).toBe(200);
}

test("a new badge opens the celebration once: First Steps after 1,000 steps, gone after closing and reloading, unlocked on the Badges page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await becomeActiveMember(page);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await syncStepsNow(page, 1_200);
  await openAndCheck(page, "/");
  const celebration = page.getByRole("dialog", { name: "Achievement Unlocked!" });
  await expect(celebration).toBeVisible();
  await expect(celebration).toContainText("First Steps");
  await expect(celebration).toContainText("Walk your first 1,000 steps");

  const viewed = page.waitForResponse(
    (r) => r.url().endsWith("/api/achievements/first-steps/viewed") && r.request().method() === "POST",
  );
  await celebration.getByRole("button", { name: "Awesome!" }).click();
  await expect(celebration).toBeHidden();
  expect((await viewed).status()).toBe(200);

  // Reloaded, the check finds nothing new: no celebration.
  await openAndCheck(page, "/");
  await expect(page.getByText(/^Welcome, /)).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await openAndCheck(page, "/achievements");
  await expect(page.getByRole("heading", { name: "Badges", level: 1 })).toBeVisible();
  await expect(page.getByTestId("badge-progress")).toHaveText(/^1 of \d+ unlocked$/);
  const badge = page.getByTestId("badge-first-steps");
  await expect(badge).toHaveAttribute("data-unlocked", "true");
  await expect(badge).toContainText(/Unlocked/);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // A locked badge shows its progress to one decimal: 1,200 of 50,000 steps.
  await expect(page.getByTestId("badge-stroller")).toHaveAttribute("data-unlocked", "false");
  await expect(page.getByTestId("badge-stroller")).toContainText("2.4%");

  // Steps shows only step badges; the tooltip tells what a badge takes.
  await page.getByRole("tab", { name: "Steps" }).click();
  await expect(page.getByTestId("badge-first-race")).toHaveCount(0);
  await page.getByTestId("badge-stroller").getByRole("button").click();
  await expect(page.getByRole("tooltip")).toContainText("1,200 / 50,000 steps");
  await expect(page.getByRole("tooltip")).toBeHidden({ timeout: 5_000 });
});
