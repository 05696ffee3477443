import { onlineManager, QueryClient } from "@tanstack/react-query";
import { ApiError, AUTH_REQUIRED_MESSAGE, getQueryFn, INVALID_JSON_MESSAGE } from "./api-client";

/** Specification 1, section 9. */
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const RETRY_DELAY_MS = 1000;
export const CURRENT_USER_STALE_TIME_MS = 30_000;
const QUERY_RETRIES = 2;
const MUTATION_RETRIES = 1;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) return true;
  return /401|Unauthorized|Authentication required/i.test(messageOf(error));
}

export function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/**
 * Client errors other than time-outs and rate limits cannot succeed when repeated (validation,
 * conflict, forbidden...), and repeating a refused mutation only delays its message.
 */
function isPermanentClientError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

function canRetry(error: unknown): boolean {
  return !isOffline() && !isUnauthorizedError(error) && !isPermanentClientError(error);
}

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRIES && canRetry(error);
}

export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return failureCount < MUTATION_RETRIES && canRetry(error);
}

/** No retry for 401, 404, authentication or invalid-JSON errors. */
export function shouldRetryCurrentUser(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return false;
  const message = messageOf(error);
  if (message.includes(AUTH_REQUIRED_MESSAGE) || message.startsWith(INVALID_JSON_MESSAGE)) return false;
  return !isUnauthorizedError(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: 0,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: true,
        refetchInterval: false,
        networkMode: "online",
        retry: shouldRetryQuery,
        retryDelay: RETRY_DELAY_MS,
      },
      mutations: {
        networkMode: "online",
        // One retry (specification 1, section 9). Opted out (retry: 0) where repeating after a lost
        // answer does harm: register ("Username already taken" after a success), login,
        // create-checkout (a second checkout), accept-rules, forgot-password (a second email) and
        // reset-password (a single-use token); step sync too, which counts locally instead.
        retry: shouldRetryMutation,
        retryDelay: RETRY_DELAY_MS,
      },
    },
  });
}

// TanStack Query assumes "online" until an event says otherwise; an app opened offline must pause.
if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine);

export const queryClient = createQueryClient();
