import { formatMinor } from "../../core/money";
import { readStorage, removeStorage, storageKeys, writeStorage } from "../lib/storage";

/** A path longer than this is no link a member followed: ignored. */
const MAX_RETURN_PATH = 2048;
// Any origin will do: only whether a path stays on it matters.
const BASE = "https://steprace.invalid";

/** A same-site path as a URL, to read or change its query ("/wallet?need=12.50"). */
export const sitePathUrl = (path: string): URL => new URL(path, BASE);

/** Pages a return leads nowhere useful from (sign-in again) or API endpoints (`/api/logout`). */
const NOT_A_DESTINATION = /^\/(login|register|api)(\/|$|\?|#)/i;

/**
 * The `next` of a sign-in link, when it is a path of this site (DESIGN 1, member pages while
 * signed out): "/wallet", "/groups/12?tab=chat". Everything that could lead elsewhere is refused
 * (null): absolute and protocol-relative addresses ("//evil", "/\\evil", which browsers read as
 * "//evil"), schemes ("javascript:"), control characters and API endpoints.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_RETURN_PATH) return null;
  if (!raw.startsWith("/") || raw.startsWith("//")) return null;
  // Browsers treat a backslash as a slash, and strip tabs and newlines before resolving.
  if (raw.includes("\\") || [...raw].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f))
    return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments resolve away: "/.//evil" and "/a/..//evil" become "//evil", another site again.
  if (path.startsWith("//") || NOT_A_DESTINATION.test(path)) return null;
  return path;
}

/** The sign-in screen, coming back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const next = safeReturnPath(path);
  return next && next !== "/" ? `/login?next=${encodeURIComponent(next)}` : "/login";
}

/** The same for registration (an invite's Sign Up & Join). */
export function registerPathFor(path: string): string {
  const next = safeReturnPath(path);
  return next && next !== "/" ? `/register?next=${encodeURIComponent(next)}` : "/register";
}

/**
 * Kept across the subscription checkout (which leaves the app and comes back) until the member
 * has access: the community rules screen leads there once they are accepted.
 */
export function rememberReturnPath(path: string | null): void {
  const safe = safeReturnPath(path);
  if (safe) writeStorage(storageKeys.returnPath, safe);
  else removeStorage(storageKeys.returnPath);
}

/** Whether a path is the wallet's own page (with or without its query). */
export function isWalletPath(path: string): boolean {
  return /^\/wallet(\?|#|$)/.test(path);
}

/** The kept path, still kept (to say where a button leads before it is pressed). */
export function peekReturnPath(): string | null {
  return safeReturnPath(readStorage(storageKeys.returnPath));
}

/** Whether a path is an invitation's page (a group's or a competition's invite link). */
export function isInvitePath(path: string): boolean {
  return /^\/(competitions\/|groups\/)?join\//.test(path);
}

/** The kept path, forgotten as it is read. */
export function takeReturnPath(): string | null {
  const path = safeReturnPath(readStorage(storageKeys.returnPath));
  removeStorage(storageKeys.returnPath);
  return path;
}

/** `path` with a same-site `returnTo` added to its query (left out when not same-site). */
export function withReturnTo(path: string, returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  if (!safe) return path;
  return `${path}${path.includes("?") ? "&" : "?"}returnTo=${encodeURIComponent(safe)}`;
}

/** The query parameter of the FitCoins a member must hold for what sent them to the wallet ("25.00"). */
export const NEED_PARAM = "need";

/**
 * The wallet, to add FitCoins, coming back to `returnTo` once the member holds `needFitcoins`
 * (hundredths of a FitCoin; a join's Add FitCoins, issue 32 item 1). The wallet offers the one path
 * that ends with them: a deposit when the wallet's dollars are short, then the conversion.
 */
export function walletPathFor(returnTo: string, needFitcoins?: number): string {
  const need =
    needFitcoins !== undefined && Number.isSafeInteger(needFitcoins) && needFitcoins > 0
      ? `/wallet?${NEED_PARAM}=${formatMinor(needFitcoins)}`
      : "/wallet";
  return withReturnTo(need, returnTo);
}

/** The query parameter that opens a competition's join dialog again (`?join=12`) on a page that hosts it. */
export const JOIN_PARAM = "join";

/** Whether going back to `path` is going back to a join: a join dialog's page, or an invitation's. */
export function isJoinPath(path: string): boolean {
  const url = sitePathUrl(path);
  return url.searchParams.has(JOIN_PARAM) || isInvitePath(url.pathname);
}

/**
 * The page at `path` (with its query `search`, "" or "?a=1") with competition `id`'s join dialog
 * open: where a join's Add FitCoins comes back to once the member holds the entry fee.
 */
export function joinReturnPath(path: string, search: string, id: number): string {
  const params = new URLSearchParams(search);
  params.set(JOIN_PARAM, String(id));
  return `${path}?${params.toString()}`;
}
