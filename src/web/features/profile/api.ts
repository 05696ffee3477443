import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordInput, OwnSession, User } from "../../../core/schemas/auth";
import type {
  AccountDeletion,
  DeleteAccountBody,
  ProfileBody,
  UserStats,
} from "../../../core/schemas/members";
import { ApiError, apiRequest, getQueryFn } from "../../lib/api-client";
import { getDeviceFingerprint } from "../../lib/device-fingerprint";
import { authKeys } from "../auth/api";

export type { AccountDeletion, UserStats };

export const profileKeys = {
  stats: ["/api/user/stats"] as const,
  sessions: ["/api/user/sessions"] as const,
  deletion: ["/api/user/account/deletion"] as const,
};

// ---------------------------------------------------------------- queries

export const userStatsQueryOptions = queryOptions({
  queryKey: profileKeys.stats,
  queryFn: getQueryFn<UserStats>({ on401: "throw" }),
});

export function useUserStats() {
  return useQuery(userStatsQueryOptions);
}

export const sessionsQueryOptions = queryOptions({
  queryKey: profileKeys.sessions,
  queryFn: getQueryFn<OwnSession[]>({ on401: "throw" }),
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

/** What deleting the account takes (balances and entries), read fresh each time the dialog opens. */
export const accountDeletionQueryOptions = queryOptions({
  queryKey: profileKeys.deletion,
  queryFn: getQueryFn<AccountDeletion>({ on401: "throw" }),
  staleTime: 0,
  gcTime: 0,
});

export function useAccountDeletion(enabled: boolean) {
  return useQuery({ ...accountDeletionQueryOptions, enabled });
}

// ---------------------------------------------------------------- fetchers

export function updateProfile(body: ProfileBody): Promise<User> {
  return apiRequest<User>("/api/user/profile", { method: "PATCH", body });
}

export function changePassword(body: ChangePasswordInput): Promise<{ message: string }> {
  return apiRequest("/api/user/password", { method: "POST", body });
}

export function endSession(id: number): Promise<{ message: string }> {
  return apiRequest(`/api/user/sessions/${id}`, { method: "DELETE" });
}

export function endOtherSessions(): Promise<{ message: string; ended: number }> {
  return apiRequest("/api/user/sessions/revoke-others", { method: "POST" });
}

export function deleteAccount(body: NonNullable<DeleteAccountBody>): Promise<{ message: string }> {
  return apiRequest("/api/user/account", { method: "DELETE", body });
}

function messageOf(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === "object" && body !== null && "message" in body) {
      const { message } = body as { message: unknown };
      if (typeof message === "string" && message) return message;
    }
  } catch {
    // Not JSON (a proxy's error page): the caller's fallback text is clearer.
  }
  return undefined;
}

/**
 * Multipart, so not through apiRequest (which always sends JSON): the browser sets the
 * multipart Content-Type with its boundary; cookies and the fingerprint go as on every call.
 */
export async function uploadProfileImage(file: File): Promise<User> {
  const form = new FormData();
  form.append("profileImage", file);
  const response = await fetch("/api/user/profile-image", {
    method: "POST",
    credentials: "include",
    headers: { Accept: "application/json", "X-Device-Fingerprint": getDeviceFingerprint() },
    body: form,
  });
  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(response.status, messageOf(text) ?? "", { body: text });
  }
  return JSON.parse(text) as User;
}

// ---------------------------------------------------------------- mutations

/** A changed profile or avatar: take the answer at once, then refetch the current user. */
function useUserChange<V>(mutationKey: string, mutationFn: (variables: V) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [mutationKey],
    mutationFn,
    retry: 0,
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.user, user);
      return queryClient.invalidateQueries({ queryKey: authKeys.user });
    },
  });
}

export function useUpdateProfile() {
  return useUserChange("update-profile", updateProfile);
}

export function useUploadProfileImage() {
  return useUserChange("upload-profile-image", uploadProfileImage);
}

/** Signing a device out: the list is read again either way (it may have ended meanwhile). */
function useSessionsChange<V, R>(mutationKey: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [mutationKey],
    mutationFn,
    retry: 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}

export const useEndSession = () => useSessionsChange("end-session", endSession);
export const useEndOtherSessions = () => useSessionsChange("end-other-sessions", endOtherSessions);

/* Not retried: a second try after the first succeeded would be refused (the old password is gone). */
export const useChangePassword = () => useSessionsChange("change-password", changePassword);

/* Not retried: the first call already signed the member out, a retry would answer 401. */
export function useDeleteAccount() {
  return useMutation({ mutationKey: ["delete-account"], mutationFn: deleteAccount, retry: 0 });
}
