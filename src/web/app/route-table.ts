// The route tables of the access gate (specification 1, section 2.1): which paths each audience
// reaches, and the path matching the gate uses.

import { matchPattern, normalizePath } from "../../core/rules/route-pattern";

export { matchPattern, normalizePath };

export type PageKey =
  | "landing"
  | "login"
  | "register"
  | "forgotPassword"
  | "resetPassword"
  | "verifyEmail"
  | "communityRules"
  | "subscribe"
  | "subscriptionSuccess"
  | "subscriptionActivated"
  | "stepTest"
  | "inviteJoin"
  | "competitionJoin"
  | "competitionStandings"
  | "competitionDetail"
  | "groupStandings"
  | "notFound"
  | "suspended"
  | "mobileDashboard"
  | "desktopDashboard"
  | "competitions"
  | "groups"
  | "groupDetail"
  | "leaderboard"
  | "marketplace"
  | "productManager"
  | "adManager"
  | "achievements"
  | "points"
  | "redeem"
  | "profile"
  | "connectStepSource"
  | "wallet"
  | "walletReceipt"
  | "checkout"
  | "bankingSetup"
  | "safety"
  | "admin"
  | "adminMember"
  | "reconcileDeposits"
  | "paymentMonitor"
  | "giftCardOffers"
  | "rewardCards"
  | "auditLog"
  | "finance"
  | "emailTest"
  | "help"
  | "notifications"
  | "terms"
  | "privacy";

export interface RouteDef {
  pattern: string;
  page: PageKey;
}

const route = (pattern: string, page: PageKey): RouteDef => ({ pattern, page });

/** Rule 5. */
export const anonymousRoutes: RouteDef[] = [
  route("/", "landing"),
  route("/dashboard", "landing"),
  route("/login", "login"),
  route("/register", "register"),
  route("/forgot-password", "forgotPassword"),
  route("/reset-password", "resetPassword"),
  route("/verify-email", "verifyEmail"),
  route("/community-rules", "communityRules"),
  route("/subscription-success", "subscriptionSuccess"),
  route("/step-test", "stepTest"),
  // Issue 32: where a banned member's open page goes (what it says needs the session's answer).
  route("/suspended", "suspended"),
  // DESIGN.md (competition invite links): a visitor sees the invite, signs in, the code kept.
  route("/competitions/join/:inviteCode", "competitionJoin"),
];

/** Rule 6. */
export const unsubscribedRoutes: RouteDef[] = [
  route("/subscribe", "subscribe"),
  route("/subscription-success", "subscriptionSuccess"),
  route("/forgot-password", "forgotPassword"),
  route("/reset-password", "resetPassword"),
  route("/verify-email", "verifyEmail"),
];

/**
 * DESIGN 1, lapsed members: only competing needs the subscription. The member's own money and
 * account are reached in every signed-in state (the deposit checkout and payout details included).
 */
export const ownMoneyRoutes: RouteDef[] = [
  route("/wallet", "wallet"),
  route("/wallet/receipts/:id", "walletReceipt"),
  route("/checkout", "checkout"),
  route("/banking-setup", "bankingSetup"),
  route("/redeem", "redeem"),
  route("/points", "points"),
  route("/profile", "profile"),
  // Issue 33: where a watch's vendor sends the member back after they consented.
  route("/connect/:vendor", "connectStepSource"),
  // Refunds and gift cards are news about the member's own money.
  route("/notifications", "notifications"),
];

/** Issue 22: help and the legal texts, for visitors and members alike. */
export const infoRoutes: RouteDef[] = [
  route("/help", "help"),
  route("/terms", "terms"),
  route("/privacy", "privacy"),
];

/** Rule 7. */
export const rulesPendingRoutes: RouteDef[] = [
  route("/community-rules", "communityRules"),
  route("/profile", "profile"),
  // Added (product owner): a member who has just paid has not accepted the rules yet, so without
  // these two the payment confirmation and the activated screen (specification 3) are never seen.
  route("/subscription-success", "subscriptionSuccess"),
  route("/subscription-activated", "subscriptionActivated"),
  route("/forgot-password", "forgotPassword"),
  route("/reset-password", "resetPassword"),
  route("/verify-email", "verifyEmail"),
];

/** Rule 8 ("/" and "/dashboard" are decided by device first). /leaderboard: DESIGN.md section 1. */
export const activeRoutes: RouteDef[] = [
  route("/mobile-dashboard", "mobileDashboard"),
  route("/desktop-dashboard", "desktopDashboard"),
  route("/competitions", "competitions"),
  route("/competitions/join/:inviteCode", "competitionJoin"),
  route("/competitions/:id/standings", "competitionStandings"),
  // Issue 32: every competition has its page (links about one lead there).
  route("/competitions/:id", "competitionDetail"),
  route("/groups", "groups"),
  route("/groups/join/:inviteCode", "inviteJoin"),
  route("/groups/:id", "groupDetail"),
  route("/groups/:id/standings", "groupStandings"),
  route("/groups/:id/rounds/:roundId/standings", "groupStandings"),
  route("/join/:inviteCode", "inviteJoin"),
  route("/leaderboard", "leaderboard"),
  route("/marketplace", "marketplace"),
  route("/marketplace/admin", "productManager"),
  route("/ads-admin", "adManager"),
  route("/ads-admin-complete", "adManager"),
  route("/achievements", "achievements"),
  route("/points", "points"),
  route("/redeem", "redeem"),
  route("/profile", "profile"),
  route("/connect/:vendor", "connectStepSource"),
  route("/wallet", "wallet"),
  route("/wallet/receipts/:id", "walletReceipt"),
  route("/checkout", "checkout"),
  route("/subscribe", "subscribe"),
  route("/subscription-success", "subscriptionSuccess"),
  route("/subscription-activated", "subscriptionActivated"),
  route("/community-rules", "communityRules"),
  route("/banking-setup", "bankingSetup"),
  route("/safety", "safety"),
  route("/notifications", "notifications"),
  route("/admin", "admin"),
  route("/admin/reconcile-deposits", "reconcileDeposits"),
  route("/admin/payment-monitor", "paymentMonitor"),
  route("/admin/gift-cards", "giftCardOffers"),
  route("/admin/users/:id", "adminMember"),
  route("/admin/reward-gift-cards", "rewardCards"),
  route("/admin/audit-log", "auditLog"),
  route("/admin/finance", "finance"),
  route("/step-test", "stepTest"),
  route("/email-test", "emailTest"),
  route("/forgot-password", "forgotPassword"),
  route("/reset-password", "resetPassword"),
  route("/verify-email", "verifyEmail"),
  ...infoRoutes,
];

export function findRoute(
  routes: RouteDef[],
  path: string,
): { page: PageKey; params: Record<string, string> } | null {
  for (const def of routes) {
    const params = matchPattern(def.pattern, path);
    if (params) return { page: def.page, params };
  }
  return null;
}
