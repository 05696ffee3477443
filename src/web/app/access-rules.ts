/**
 * The access gate of specification 1, section 2.1, as a pure decision: session state and path in,
 * what to show out. The eight rules are applied in order.
 */
import { loginPathFor, safeReturnPath } from "./return-path";
import {
  activeRoutes,
  anonymousRoutes,
  findRoute,
  infoRoutes,
  matchPattern,
  normalizePath,
  ownMoneyRoutes,
  type PageKey,
  rulesPendingRoutes,
  unsubscribedRoutes,
} from "./route-table";

export type { PageKey };
export { matchPattern, normalizePath };

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
  /** A full-page navigation to sign-in (`to`: /login, with `next` for a member page). */
  | { type: "gotoLogin"; to: string }
  | { type: "connectionError" }
  | { type: "redirect"; to: string }
  | { type: "page"; page: PageKey; params: Record<string, string>; layout: Layout };

/** Full-screen flows that a fully active member sees without the navigation shell. */
const bareForActive = new Set<PageKey>([
  "connectStepSource",
  "subscribe",
  "subscriptionSuccess",
  "subscriptionActivated",
  "communityRules",
  "forgotPassword",
  "resetPassword",
  "verifyEmail",
]);

/** The layout around a screen of a fully active member (the build's route preloads use it too). */
export function activeLayout(page: PageKey): Layout {
  return bareForActive.has(page) ? "bare" : "shell";
}

/** 'active' is the status that opens the app; a cancelled plan keeps access to the period end. */
export function hasActiveSubscription(user: SessionUser): boolean {
  return user.subscriptionStatus === "active" || user.subscriptionStatus === "cancel_at_period_end";
}

const AUTH_ERROR = /401|Unauthorized|Authentication required|Invalid JSON response/i;
const SESSION_REJECTED_CODES = new Set(["SESSION_INVALID", "DEVICE_CHANGED", "ACCOUNT_SUSPENDED"]);

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

/**
 * DESIGN 1, member pages while signed out: a page of the app's members (not a visitor's page) is
 * one sign-in away, and the sign-in comes back to it (the path with its query).
 */
function signInFor(path: string, search: string): string | null {
  if (!findRoute([...activeRoutes, ...ownMoneyRoutes], path)) return null;
  const query = search === "" || search.startsWith("?") ? search : `?${search}`;
  return loginPathFor(`${path}${query}`);
}

/**
 * `search` is the address's query ("next=%2Fwallet" or "?next=..."): a member page keeps it in its
 * sign-in link, and a signed-in member sent to /login goes on to its `next`.
 */
export function decideAccess(
  session: SessionState,
  rawPath: string,
  isMobile: boolean,
  search = "",
): AccessDecision {
  const path = normalizePath(rawPath);
  let state = session;

  // 1. Session loading.
  if (state.status === "loading") return { type: "splash" };

  if (state.status === "error") {
    // Issue 32: a banned member's session. Every page says they are suspended and how to reach
    // support, except sign-in (another account) and the help and legal pages it links to.
    if (state.code === "ACCOUNT_SUSPENDED") {
      if (path !== "/login" && !findRoute(infoRoutes, path)) {
        // The server's words (with the reason) go to the page: it must not ask for the session
        // again, which would show the splash while it is asked.
        return { type: "page", page: "suspended", params: { message: state.message }, layout: "bare" };
      }
      state = { status: "anonymous" };
    } else if (isAuthenticationError(state)) {
      // 2. Authentication-type error: to /login (already there: show it, so nothing loops).
      if (path !== "/login") return { type: "gotoLogin", to: signInFor(path, search) ?? "/login" };
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
    const signIn = signInFor(path, search);
    if (signIn) return { type: "redirect", to: signIn };
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
  // Signed in already: a sign-in link goes on to where it was leading.
  if (path === "/login") {
    return { type: "redirect", to: safeReturnPath(new URLSearchParams(search).get("next")) ?? "/" };
  }
  const found = findRoute(activeRoutes, path);
  if (!found) return { type: "redirect", to: "/" };
  return { type: "page", ...found, layout: activeLayout(found.page) };
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
