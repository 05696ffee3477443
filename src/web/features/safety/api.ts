import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BlockBody, BlockedUser, ChatReportBody, ReportBody } from "../../../core/schemas/safety";
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

/** `blockedId` carries the typed username, or the member's user id (from their name in a list). */
export function blockUser(body: BlockBody): Promise<BlockedUser> {
  return apiRequest<BlockedUser>("/api/users/block", { method: "POST", body });
}

/** `blockedId` is the blocked member's user id. */
export function unblockUser(blockedId: number): Promise<{ message: string }> {
  return apiRequest(`/api/users/block/${blockedId}`, { method: "DELETE" });
}

/** `reportedId` carries the typed username, or the member's user id (from their name in a list). */
export function reportUser(body: ReportBody): Promise<{ message: string; id: number }> {
  return apiRequest("/api/users/report", { method: "POST", body });
}

/** Reports one chat message (its author) to the admins' Reports queue. */
export function reportChatMessage({
  messageId,
  ...body
}: ChatReportBody & { messageId: number }): Promise<{ message: string; id: number }> {
  return apiRequest(`/api/chat/messages/${messageId}/report`, { method: "POST", body });
}

/** Deletes a chat message for everyone: one's own, or any as an admin (with an optional reason). */
export function deleteChatMessage({
  messageId,
  reason,
}: {
  messageId: number;
  reason?: string;
}): Promise<{ message: string }> {
  return apiRequest(`/api/chat/messages/${messageId}`, {
    method: "DELETE",
    body: reason ? { reason } : undefined,
  });
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

/** Chats are refetched after a message report or deletion: the room shows what is left. */
function refreshChats(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ predicate: (q) => isChatQueryKey(q.queryKey) });
}

export function useReportChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["report-chat-message"],
    mutationFn: reportChatMessage,
    retry: 0,
    onSuccess: () => refreshChats(queryClient),
  });
}

export function useDeleteChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["delete-chat-message"],
    mutationFn: deleteChatMessage,
    retry: 0,
    onSuccess: () => refreshChats(queryClient),
  });
}
