import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { groupMembers, groups, users } from "../../src/server/db/schema";
import { insertActiveMember } from "../../src/server/test/seed-member";

/** The member the page benchmarks sign in as. */
export const pageMember = {
  username: "benchwalker",
  password: "bench-steps-all-day-1",
  firstName: "Bea",
  lastName: "Bench",
};

/**
 * Seeds the page benchmarks' member as members usually are (subscribed, rules accepted, email
 * verified: no banner asking for it) with a group they run, for the group page; its id.
 */
export async function seedPageMember(db: Db): Promise<{ groupId: number }> {
  const memberId = await insertActiveMember(db, pageMember);
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, memberId));
  const [group] = await db
    .insert(groups)
    .values({
      name: "Bench walkers",
      description: "Morning walks before work",
      inviteCode: "BENCHWALK",
      createdBy: memberId,
      memberCount: 1,
      createdAt: new Date(),
    })
    .returning({ id: groups.id });
  await db
    .insert(groupMembers)
    .values({ groupId: group.id, userId: memberId, role: "admin", joinedAt: new Date() });
  return { groupId: group.id };
}

/**
 * Signs the member in through the /login form of the app at `address`, as a person would, and
 * closes the badge celebration of the first visit, so that runs measure the pages, not it.
 */
export async function signInPageMember(page: Page, address: string): Promise<void> {
  await page.goto(`${address}/login`);
  await page.getByLabel("Username").fill(pageMember.username);
  await page.getByLabel("Password").fill(pageMember.password);
  await page.getByRole("button", { name: /sign in|log in/i }).click();
  await page
    .getByText(new RegExp(`^Welcome(?: back)?, ${pageMember.firstName}!$`))
    .waitFor({ timeout: 30_000 });
  const celebrated = page.getByRole("button", { name: "Awesome!" });
  if (
    await celebrated.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await celebrated.click();
  }
  await page.waitForLoadState("networkidle");
}
