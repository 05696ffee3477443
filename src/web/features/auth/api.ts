import { type QueryFunctionContext, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { User } from "../../../core/schemas/auth";
import { getQueryFn, isSessionRejected } from "../../lib/api-client";
import {
  CURRENT_USER_STALE_TIME_MS,
  QUERY_GC_TIME_MS,
  RETRY_DELAY_MS,
  shouldRetryCurrentUser,
} from "../../lib/query-client";
import { readJsonStorage, removeStorage, storageKeys, writeJsonStorage } from "../../lib/storage";

export type { User };

export const authKeys = {
  user: ["/api/auth/user"] as const,
};

const userQueryFn = getQueryFn<User>({ on401: "returnNull" });

/** Keeps the copy of the user in browser storage (specification 1, section 3) in step with the session. */
function rememberUser(user: User | null): User | null {
  if (user) writeJsonStorage(storageKeys.user, user);
  else removeStorage(storageKeys.user);
  return user;
}

/**
 * The current user, or null when signed out. A session the server rejected (401 with
 * sessionInvalid / deviceChanged, specification 1 section 4) sends the browser to /login; once
 * there, that answer means "signed out": the login form must show, not an error that would keep
 * the member out for as long as the browser holds the dead session cookie.
 */
export async function fetchCurrentUser(context: QueryFunctionContext): Promise<User | null> {
  try {
    return rememberUser(await userQueryFn(context));
  } catch (error) {
    if (isSessionRejected(error) && window.location.pathname === "/login") return rememberUser(null);
    throw error;
  }
}

export const currentUserQueryOptions = queryOptions({
  queryKey: authKeys.user,
  queryFn: fetchCurrentUser,
  staleTime: CURRENT_USER_STALE_TIME_MS,
  gcTime: QUERY_GC_TIME_MS,
  retry: shouldRetryCurrentUser,
  retryDelay: RETRY_DELAY_MS,
  // Offline the query waits for the network; meanwhile the stored copy keeps the app usable.
  placeholderData: () =>
    navigator.onLine ? undefined : (readJsonStorage<User>(storageKeys.user) ?? undefined),
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}

/** The signed-in user, for screens the access gate only shows to signed-in members. */
export function useUser(): User | null {
  return useCurrentUser().data ?? null;
}

export function useSetCurrentUser(): (user: User) => void {
  const queryClient = useQueryClient();
  return (user) => queryClient.setQueryData(authKeys.user, rememberUser(user));
}

export function useRefreshCurrentUser(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: authKeys.user });
}
