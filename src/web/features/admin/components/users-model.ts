import type { AdminUser, TestAccount } from "../../../../core/schemas/members";
import {
  ADD_COINS_INVALID_MESSAGE,
  type AddCoinsBody,
  moneyReasonSchema,
} from "../../../../core/schemas/money";

/* Pure rules of the admin panel's user sections (specification 3, sections 2 and 5). */

export const ADMIN_USERS_PAGE_SIZE = 20;

/** GET /api/admin/users with the search text (trimmed, left out when blank), page and page size. */
export function adminUsersUrl({
  search,
  page = 1,
  pageSize = ADMIN_USERS_PAGE_SIZE,
}: {
  search?: string;
  page?: number;
  pageSize?: number;
}): string {
  const params = new URLSearchParams();
  const term = search?.trim();
  if (term) params.set("search", term);
  params.set("page", String(page));
  params.set("pageSize", String(pageSize));
  return `/api/admin/users?${params.toString()}`;
}

/** A full page may have a next one; a short page is the last. */
export function hasNextPage(rows: readonly unknown[] | undefined, pageSize = ADMIN_USERS_PAGE_SIZE): boolean {
  return rows !== undefined && rows.length >= pageSize;
}

export type AddCoinsCheck =
  | { ok: true; body: AddCoinsBody }
  | { ok: false; field: "amount" | "reason"; error: string };

/**
 * Add FitCoins: a selected user and a whole amount of at least 1, else the specification's
 * message; and a reason (issue 23), which is what the member reads in their history.
 */
export function addCoinsRequest(userId: number | null, amountText: string, reason: string): AddCoinsCheck {
  const text = amountText.trim();
  const amount = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (userId === null || !Number.isSafeInteger(amount) || amount < 1) {
    return { ok: false, field: "amount", error: ADD_COINS_INVALID_MESSAGE };
  }
  const why = moneyReasonSchema.safeParse(reason);
  if (!why.success) return { ok: false, field: "reason", error: why.error.issues[0].message };
  return { ok: true, body: { userId, amount, reason: why.data } };
}

export type UserBadge = "Banned" | "Admin" | "Test" | "Subscribed";

/** The All Users badges, in that order. */
export function userBadges(
  user: Pick<AdminUser, "isAdmin" | "isTestAccount" | "subscriptionStatus"> & { isBanned?: boolean },
): UserBadge[] {
  const badges: UserBadge[] = [];
  if (user.isBanned) badges.push("Banned");
  if (user.isAdmin) badges.push("Admin");
  if (user.isTestAccount) badges.push("Test");
  if (isSubscribed(user.subscriptionStatus)) badges.push("Subscribed");
  return badges;
}

/** Active, or active until the period ends. */
export function isSubscribed(status: AdminUser["subscriptionStatus"]): boolean {
  return status === "active" || status === "cancel_at_period_end";
}

const STATUS_LABELS: Record<AdminUser["subscriptionStatus"], string> = {
  active: "Active",
  cancel_at_period_end: "Cancels at period end",
  inactive: "Not subscribed",
  expired: "Expired",
};

export function subscriptionLabel(status: AdminUser["subscriptionStatus"]): string {
  return STATUS_LABELS[status] ?? status;
}

/** Mark as Test is hidden for test accounts and admins. */
export function canMarkTest(user: Pick<AdminUser, "isAdmin" | "isTestAccount">): boolean {
  return !user.isAdmin && !user.isTestAccount;
}

/** Unmark Test (the undo of Mark as Test): on test accounts that are not admins. */
export function canUnmarkTest(user: Pick<AdminUser, "isAdmin" | "isTestAccount">): boolean {
  return !user.isAdmin && user.isTestAccount;
}

/** Delete is hidden for admins. */
export function canDelete(user: Pick<AdminUser, "isAdmin">): boolean {
  return !user.isAdmin;
}

/** "Jane Doe" or the username when the names are blank. */
export function displayName(user: Pick<AdminUser, "firstName" | "lastName" | "username">): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

/** "1,250.00 FC": two decimals, as the member's own screens show FitCoins ("12.50 FC"). */
export function fitcoinsLabel(fitcoins: number): string {
  return `${fitcoins.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} FC`;
}

/**
 * Delete All Test Accounts, as its confirmation shows it: the accounts with nothing at stake
 * (always deleted), those with a subscription or a balance (kept unless ticked), and the ids the
 * request names. Admins are never deleted, so they cannot be ticked.
 */
export function testAccountsDeletion(
  accounts: readonly TestAccount[],
  ticked: ReadonlySet<number>,
): { clean: TestAccount[]; atStake: TestAccount[]; includeIds: number[]; deleteCount: number } {
  const clean = accounts.filter((a) => a.atStake.length === 0 && !a.isAdmin);
  const atStake = accounts.filter((a) => a.atStake.length > 0 || a.isAdmin);
  const includeIds = atStake.filter((a) => !a.isAdmin && ticked.has(a.id)).map((a) => a.id);
  return { clean, atStake, includeIds, deleteCount: clean.length + includeIds.length };
}

/** "active subscription · holds 12.50 FC", or "" when nothing is at stake. */
export function atStakeLabel(account: Pick<TestAccount, "atStake">): string {
  return account.atStake.join(" · ");
}
