import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { User } from "../../../core/schemas/auth";
import { apiRequest, getQueryFn } from "../../lib/api-client";
import { getDeviceFingerprint } from "../../lib/device-fingerprint";
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

export const currentUserQueryOptions = queryOptions({
  queryKey: authKeys.user,
  queryFn: async (context) => rememberUser(await userQueryFn(context)),
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

export interface LoginBody {
  username: string;
  password: string;
}

export function login(body: LoginBody): Promise<User> {
  return apiRequest<User>("/api/auth/login", {
    method: "POST",
    body: { ...body, deviceFingerprint: getDeviceFingerprint() },
  });
}

export interface RegisterBody {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function register(body: RegisterBody): Promise<User> {
  return apiRequest<User>("/api/auth/register", {
    method: "POST",
    body: { ...body, timeZone: deviceTimeZone() },
  });
}

export function forgotPassword(body: { email: string }): Promise<{ message: string }> {
  return apiRequest("/api/auth/forgot-password", { method: "POST", body });
}

export function resetPassword(body: { token: string; password: string }): Promise<{ message: string }> {
  return apiRequest("/api/auth/reset-password", { method: "POST", body });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
