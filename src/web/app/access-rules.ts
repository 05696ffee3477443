/**
 * The access gate of specification 1, section 2.1, as a pure decision: session state and path in,
 * what to show out. The eight rules are applied in order.
 */

export type PageKey =
  | "landing"
  | "login"
  | "register"
  | "forgotPassword"
  | "resetPassword"
  | "communityRules"
  | "subscribe"
  | "subscriptionSuccess"
  | "subscriptionActivated"
  | "stepTest"
  | "inviteJoin"
  | "competitionJoin"
  | "notFound"
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
  | "wallet"
  | "checkout"
  | "bankingSetup"
  | "safety"
  | "admin"
  | "adminMember"
  | "reconcileDeposits"
  | "paymentMonitor"
  | "giftCardOffers"
  | "auditLog"
  | "emailTest"
  | "help"
  | "notifications"
  | "terms"
  | "privacy";

export interface SessionUser {
  subscriptionStatus: string;
  rulesAccepted: boolean;
}

export type SessionState =
  | { status: "loading" }
  | {
      status: "error";
      message: string;
      /** The API's error code, when the error came from an answer of the API. */
      code?: string;
      /** The server rejected the session (401 with sessionInvalid or deviceChanged). */
      sessionRejected?: boolean;
    }
  | { status: "anonymous" }
  | { status: "signedIn"; user: SessionUser };

/**
 * shell: the app's navigation, for fully active members; bare: a full-screen flow; simple: a plain
 * header without the competing pages (help for visitors, the own-money pages without a plan).
 */
export type Layout = "shell" | "bare" | "simple";

export type AccessDecision =
  | { type: "splash" }
  | { type: "gotoLogin" }
  | { type: "connectionError" }
  | { type: "redirect"; to: string }
  | { type: "page"; page: PageKey; params: Record<string, string>; layout: Layout };

interface RouteDef {
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
  route("/community-rules", "communityRules"),
  route("/subscription-success", "subscriptionSuccess"),
  route("/step-test", "stepTest"),
  // DESIGN.md (competition invite links): a visitor sees the invite, signs in, the code kept.
  route("/competitions/join/:inviteCode", "competitionJoin"),
];

/** Rule 6. */
export const unsubscribedRoutes: RouteDef[] = [
  route("/subscribe", "subscribe"),
  route("/subscription-success", "subscriptionSuccess"),
  route("/forgot-password", "forgotPassword"),
  route("/reset-password", "resetPassword"),
];

/**
 * DESIGN 1, lapsed members: only competing needs the subscription. The member's own money and
 * account are reached in every signed-in state (the deposit checkout and payout details included).
 */
export const ownMoneyRoutes: RouteDef[] = [
  route("/wallet", "wallet"),
  route("/checkout", "checkout"),
  route("/banking-setup", "bankingSetup"),
  route("/redeem", "redeem"),
  route("/points", "points"),
  route("/profile", "profile"),
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
];

/** Rule 8 ("/" and "/dashboard" are decided by device first). /leaderboard: DESIGN.md section 1. */
export const activeRoutes: RouteDef[] = [
  route("/mobile-dashboard", "mobileDashboard"),
  route("/desktop-dashboard", "desktopDashboard"),
  route("/competitions", "competitions"),
  route("/competitions/join/:inviteCode", "competitionJoin"),
  route("/groups", "groups"),
  route("/groups/join/:inviteCode", "inviteJoin"),
  route("/groups/:id", "groupDetail"),
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
  route("/wallet", "wallet"),
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
  route("/admin/audit-log", "auditLog"),
  route("/step-test", "stepTest"),
  route("/email-test", "emailTest"),
  route("/forgot-password", "forgotPassword"),
  route("/reset-password", "resetPassword"),
  ...infoRoutes,
];

/** Full-screen flows that a fully active member sees without the navigation shell. */
const bareForActive = new Set<PageKey>([
  "subscribe",
  "subscriptionSuccess",
  "subscriptionActivated",
  "communityRules",
  "forgotPassword",
  "resetPassword",
]);

export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const have = normalizePath(path).split("/");
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i];
    if (part.startsWith(":")) {
      if (have[i] === "") return null;
      params[part.slice(1)] = decode(have[i]);
    } else if (part !== have[i]) {
      return null;
    }
  }
  return params;
}

function findRoute(
  routes: RouteDef[],
  path: string,
): { page: PageKey; params: Record<string, string> } | null {
  for (const def of routes) {
    const params = matchPattern(def.pattern, path);
    if (params) return { page: def.page, params };
  }
  return null;
}

/** 'active' is the status that opens the app; a cancelled plan keeps access to the period end. */
export function hasActiveSubscription(user: SessionUser): boolean {
  return user.subscriptionStatus === "active" || user.subscriptionStatus === "cancel_at_period_end";
}

const AUTH_ERROR = /401|Unauthorized|Authentication required|Invalid JSON response/i;
const SESSION_REJECTED_CODES = new Set(["SESSION_INVALID", "DEVICE_CHANGED"]);

/**
 * Rule 2's words, and a session the server rejected: its messages ("Session expired", "This
 * session belongs to another device...") contain none of them, but it is signed out all the same.
 */
function isAuthenticationError(state: {
  message: string;
  code?: string;
  sessionRejected?: boolean;
}): boolean {
  if (state.sessionRejected === true) return true;
  if (state.code !== undefined && SESSION_REJECTED_CODES.has(state.code)) return true;
  return AUTH_ERROR.test(state.message);
}

export function decideAccess(session: SessionState, rawPath: string, isMobile: boolean): AccessDecision {
  const path = normalizePath(rawPath);
  let state = session;

  // 1. Session loading.
  if (state.status === "loading") return { type: "splash" };

  if (state.status === "error") {
    // 2. Authentication-type error: to /login (already there: show it, so nothing loops).
    if (isAuthenticationError(state)) {
      if (path !== "/login") return { type: "gotoLogin" };
      state = { status: "anonymous" };
    } else if (!/404/.test(state.message)) {
      // 3. Any other error except 404: the servers cannot be reached.
      return { type: "connectionError" };
    } else {
      state = { status: "anonymous" };
    }
  }

  // 4. Invite join screen whatever the login state. The groups page shares /groups/join/{code}
  // (specification 2 section 2): the friend it is sent to is usually signed out, so it is rule 4 too.
  const invite = matchPattern("/join/:inviteCode", path) ?? matchPattern("/groups/join/:inviteCode", path);
  if (invite) {
    const layout: Layout =
      state.status === "signedIn" && hasActiveSubscription(state.user) && state.user.rulesAccepted
        ? "shell"
        : "bare";
    return { type: "page", page: "inviteJoin", params: invite, layout };
  }

  // 5. Not signed in.
  if (state.status !== "signedIn") {
    const info = findRoute(infoRoutes, path);
    if (info) return { type: "page", ...info, layout: "simple" };
    const found = findRoute(anonymousRoutes, path);
    if (found) return { type: "page", ...found, layout: "bare" };
    return { type: "page", page: "notFound", params: { path }, layout: "bare" };
  }

  // 6 and 7 let the member reach their own money and the help pages (DESIGN 1, lapsed members).
  if (!hasActiveSubscription(state.user) || state.user.rulesAccepted !== true) {
    const own = findRoute([...ownMoneyRoutes, ...infoRoutes], path);
    if (own) return { type: "page", ...own, layout: "simple" };
  }

  // 6. Signed in without an active subscription.
  if (!hasActiveSubscription(state.user)) {
    const found = findRoute(unsubscribedRoutes, path);
    return { type: "page", ...(found ?? { page: "subscribe", params: {} }), layout: "bare" };
  }

  // 7. Subscribed, community rules not accepted.
  if (state.user.rulesAccepted !== true) {
    const found = findRoute(rulesPendingRoutes, path);
    return { type: "page", ...(found ?? { page: "communityRules", params: {} }), layout: "bare" };
  }

  // 8. Fully active.
  if (path === "/" || path === "/dashboard") {
    return {
      type: "page",
      page: isMobile ? "mobileDashboard" : "desktopDashboard",
      params: {},
      layout: "shell",
    };
  }
  const found = findRoute(activeRoutes, path);
  if (!found) return { type: "redirect", to: "/" };
  return { type: "page", ...found, layout: bareForActive.has(found.page) ? "bare" : "shell" };
}

/** Invite links whose code is stored on arrival (specification 1, section 2.1). */
export function inviteFromPath(
  rawPath: string,
): { inviteCode: string; type: "group" | "competition" } | null {
  const path = normalizePath(rawPath);
  for (const [pattern, type] of [
    ["/join/:inviteCode", "group"],
    ["/groups/join/:inviteCode", "group"],
    ["/competitions/join/:inviteCode", "competition"],
  ] as const) {
    const params = matchPattern(pattern, path);
    if (params?.inviteCode) return { inviteCode: params.inviteCode, type };
  }
  return null;
}
