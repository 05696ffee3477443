import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BlockBody, BlockedUser, ReportBody } from "../../../core/schemas/safety";
import { apiRequest, getQueryFn } from "../../lib/api-client";

export type { BlockedUser };

export const safetyKeys = {
  blocked: ["/api/users/blocked"] as const,
};

/** Competition and group chats (`/api/competitions/{id}/messages`, `/api/groups/{id}/messages`). */
const CHAT_KEY = /^\/api\/(?:competitions|groups)\/\d+\/messages/;

export function isChatQueryKey(queryKey: readonly unknown[]): boolean {
  const url = queryKey[0];
  return typeof url === "string" && CHAT_KEY.test(url);
}

/**
 * A block or an unblock changes the list and which chat messages are hidden (DESIGN 1). Chats are
 * reset rather than invalidated: an invalidated chat would still show the blocked member's cached
 * messages for a moment when it opens again.
 */
function refreshAfterBlockChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: safetyKeys.blocked }),
    queryClient.resetQueries({ predicate: (q) => isChatQueryKey(q.queryKey) }),
  ]);
}

// ---------------------------------------------------------------- queries

/** The members the viewer blocked, newest first. */
export const blockedUsersQueryOptions = queryOptions({
  queryKey: safetyKeys.blocked,
  queryFn: getQueryFn<BlockedUser[]>({ on401: "throw" }),
});

export function useBlockedUsers() {
  return useQuery(blockedUsersQueryOptions);
}

// ---------------------------------------------------------------- fetchers

/** `blockedId` carries the typed username. */
export function blockUser(body: BlockBody): Promise<BlockedUser> {
  return apiRequest<BlockedUser>("/api/users/block", { method: "POST", body });
}

/** `blockedId` is the blocked member's user id. */
export function unblockUser(blockedId: number): Promise<{ message: string }> {
  return apiRequest(`/api/users/block/${blockedId}`, { method: "DELETE" });
}

/** `reportedId` carries the typed username. */
export function reportUser(body: ReportBody): Promise<{ message: string; id: number }> {
  return apiRequest("/api/users/report", { method: "POST", body });
}

// ---------------------------------------------------------------- mutations

/* Not retried: a second block after a lost answer is refused with 409, a second report is a duplicate. */
export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["block-user"],
    mutationFn: blockUser,
    retry: 0,
    onSuccess: () => refreshAfterBlockChange(queryClient),
  });
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["unblock-user"],
    mutationFn: unblockUser,
    retry: 0,
    onSuccess: () => refreshAfterBlockChange(queryClient),
  });
}

export function useReportUser() {
  return useMutation({ mutationKey: ["report-user"], mutationFn: reportUser, retry: 0 });
}
