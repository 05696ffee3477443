import type { QueryFunction } from "@tanstack/react-query";
import { loginPathFor } from "../app/return-path";
import { getDeviceFingerprint } from "./device-fingerprint";
import { navigateUnlessLeaving } from "./page-leaving";
import { removeStorage, storageKeys } from "./storage";
import { afterNextPaint } from "./yield-to-main";

export const SESSION_EXPIRED_MESSAGE = "Session expired";
export const DEVICE_VERIFICATION_MESSAGE = "Device verification required for secure access";
export const AUTH_REQUIRED_MESSAGE = "Authentication required";
export const INVALID_JSON_MESSAGE = "Invalid JSON response";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** An error answered by the API (or produced while reading its answer). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;
  /** The server rejected the session (deviceChanged or sessionInvalid). */
  readonly sessionRejected: boolean;

  constructor(
    status: number,
    message: string,
    options: { code?: string; body?: unknown; sessionRejected?: boolean } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = options.code;
    this.body = options.body;
    this.sessionRejected = options.sessionRejected ?? false;
  }
}

interface ErrorBody {
  message?: unknown;
  code?: unknown;
  deviceChanged?: unknown;
  sessionInvalid?: unknown;
  suspended?: unknown;
  requiresDeviceVerification?: unknown;
}

function asObject(value: unknown): ErrorBody | null {
  return typeof value === "object" && value !== null ? (value as ErrorBody) : null;
}

function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function looksLikeHtml(text: string): boolean {
  return /^\s*<(?:!doctype|html|head|body)\b/i.test(text);
}

/** The code of a banned member's session (issue 32): rejected, and the app says why. */
export const ACCOUNT_SUSPENDED_CODE = "ACCOUNT_SUSPENDED";

/** Error codes of a session the server rejected (DESIGN.md sections 2.1 and 2.2). */
export const SESSION_REJECTED_CODES: readonly string[] = [
  "SESSION_INVALID",
  "DEVICE_CHANGED",
  ACCOUNT_SUSPENDED_CODE,
];

/**
 * Pages a suspended member stays on: the suspended page itself, sign-in (another account), and
 * help and the legal texts, which the suspended page links to.
 */
export const SUSPENDED_STAYS_ON: readonly string[] = ["/suspended", "/login", "/help", "/terms", "/privacy"];

/**
 * The server rejected the session (password reset, ban, deletion, another device): the member is
 * signed out, and no request with that session can succeed.
 */
export function isSessionRejected(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  return error.sessionRejected || (error.code !== undefined && SESSION_REJECTED_CODES.includes(error.code));
}

function stringField(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/**
 * Sends the browser to /login after the server rejected the session, unless it is already there,
 * coming back afterwards to the page the session was lost on (`/login?next=`, DESIGN 1).
 */
function leaveRejectedSession(suspended: boolean): void {
  removeStorage(storageKeys.user);
  // A page being left (the member signed out: the server ended the session under the page's own
  // reads) goes where the member sent it.
  navigateUnlessLeaving(() => {
    const { pathname, search } = window.location;
    // A banned member's open page says so, rather than dropping to a bare sign-in screen.
    if (suspended) {
      if (!SUSPENDED_STAYS_ON.includes(pathname)) window.location.assign("/suspended");
      return;
    }
    if (pathname !== "/login") window.location.assign(loginPathFor(`${pathname}${search}`));
  });
}

/** Message of a non-OK answer: JSON body's message, else the raw text, else the status text. */
export function errorFor(response: Response, text: string): ApiError {
  const parsed = tryParseJson(text);
  const body = parsed.ok ? asObject(parsed.value) : null;
  const code = stringField(body?.code);

  if (response.status === 401 && body) {
    if (
      body.deviceChanged === true ||
      body.sessionInvalid === true ||
      (code !== undefined && SESSION_REJECTED_CODES.includes(code))
    ) {
      leaveRejectedSession(body.suspended === true || code === ACCOUNT_SUSPENDED_CODE);
      return new ApiError(401, stringField(body.message) ?? SESSION_EXPIRED_MESSAGE, {
        code,
        body,
        sessionRejected: true,
      });
    }
    if (body.requiresDeviceVerification === true) {
      return new ApiError(401, DEVICE_VERIFICATION_MESSAGE, { code, body });
    }
  }

  const rawText = parsed.ok || looksLikeHtml(text) ? undefined : stringField(text.trim());
  const message =
    stringField(body?.message) ?? rawText ?? (response.statusText || `Request failed (${response.status})`);
  return new ApiError(response.status, message, { code, body: parsed.ok ? parsed.value : text });
}

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON unless it is already a string. */
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request finish after the page is closed (small bodies only, under 64 kB). */
  keepalive?: boolean;
  /** Extra request headers (an Idempotency-Key, for one); they cannot replace the standard ones. */
  headers?: Record<string, string>;
}

/**
 * Whether the app has started rendering (`appRenders`). Before, no read can be inside a commit:
 * the start-up's own reads (the session, the first screen's data) are sent at once, in the task
 * that asks for them, instead of queuing behind the browser's work on the scripts arriving.
 */
let rendering = false;

/** The app is about to render its first screen: from now on a read first yields (apiRequest). */
export function appRenders(): void {
  rendering = true;
}

/** Whether the app has begun rendering (start-up requests not sent by then are left to the screens). */
export function appRendering(): boolean {
  return rendering;
}

/**
 * The one way the client talks to the API (specification 1, sections 7 and 8): JSON content type
 * on every request (with a body or not), the device fingerprint header, cookies included.
 * Resolves with the parsed JSON, or null for an empty body.
 */
export async function apiRequest<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", body, signal, keepalive, headers } = options;
  // A screen's reads start as its components mount, inside the commit that mounts them: each
  // fetch() costs the main thread a few milliseconds on a phone, so the reads are sent once that
  // commit is painted, rather than stand between the member and the screen (sent from the commit,
  // or from tasks right after it, they ran before its first paint). (A keepalive request is sent
  // as the page goes away, and must be sent at once; so are the start-up's reads, before anything
  // renders.)
  if (method === "GET" && !keepalive && rendering) await afterNextPaint();
  const response = await fetch(url, {
    method,
    credentials: "include",
    signal,
    keepalive,
    headers: {
      ...headers,
      "Content-Type": "application/json",
      Accept: "application/json",
      "X-Device-Fingerprint": getDeviceFingerprint(),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();

  if (!response.ok) throw errorFor(response, text);
  if (text.trim() === "") return null as T;
  // An HTML page where JSON was expected is a login page or proxy answer: no session.
  if (looksLikeHtml(text)) throw new ApiError(401, AUTH_REQUIRED_MESSAGE, { code: "UNAUTHENTICATED" });

  const parsed = tryParseJson(text);
  if (!parsed.ok) {
    throw new ApiError(response.status, `${INVALID_JSON_MESSAGE}: ${text.slice(0, 100)}`, {
      code: "INVALID_JSON",
    });
  }
  return parsed.value as T;
}

export type UnauthorizedBehavior = "returnNull" | "throw";

export interface QueryFnOptions {
  on401: UnauthorizedBehavior;
  on404?: UnauthorizedBehavior;
}

/** Query function whose query key's first element is the URL to GET. */
export function getQueryFn<T>({ on401, on404 = "throw" }: QueryFnOptions): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey[0];
    if (typeof url !== "string") throw new Error("The first element of a query key must be its URL");
    try {
      return await apiRequest<T | null>(url, { signal });
    } catch (error) {
      if (error instanceof ApiError && !error.sessionRejected) {
        if (error.status === 401) {
          if (on401 === "returnNull") return null;
          if (error.message === DEVICE_VERIFICATION_MESSAGE) throw error;
          throw new ApiError(401, AUTH_REQUIRED_MESSAGE, { code: error.code, body: error.body });
        }
        if (error.status === 404 && on404 === "returnNull") return null;
      }
      throw error;
    }
  };
}

/**
 * A file from the API (a CSV statement): the same headers as apiRequest, so the session's device
 * check passes, which a plain link cannot do. Answers the bytes and the server's file name.
 */
export async function apiDownload(url: string): Promise<{ blob: Blob; filename: string | null }> {
  const response = await fetch(url, {
    credentials: "include",
    headers: { "Content-Type": "application/json", "X-Device-Fingerprint": getDeviceFingerprint() },
  });
  if (!response.ok) throw errorFor(response, await response.text());
  const disposition = response.headers.get("content-disposition") ?? "";
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}
