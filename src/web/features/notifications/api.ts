import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  Notification,
  NotificationPage,
  Preference,
  PreferenceChange,
} from "../../../core/schemas/notifications";
import { apiRequest, getQueryFn } from "../../lib/api-client";
import { useStartupAnswer } from "../../lib/startup-answer";

export type { Notification, NotificationPage, Preference };

export const notificationKeys = {
  list: ["/api/notifications"] as const,
  unread: ["/api/notifications/unread-count"] as const,
  preferences: ["/api/notifications/preferences"] as const,
  publicKey: ["/api/push/public-key"] as const,
};

/** Gently: a minute apart, and TanStack Query pauses it while the tab is hidden. */
export const UNREAD_POLL_MS = 60_000;

/** Every notification query: the list, the count, after something was read or arrived. */
export function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) =>
      q.queryKey[0] === notificationKeys.list[0] || q.queryKey[0] === notificationKeys.unread[0],
  });
}

// ---------------------------------------------------------------- queries

export const unreadCountQueryOptions = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: getQueryFn<{ unreadCount: number }>({ on401: "returnNull" }),
  refetchInterval: UNREAD_POLL_MS,
  refetchIntervalInBackground: false,
});

/** The number of unread notifications; `ask` false holds the request back (0 until asked). */
export function useUnreadCount(ask = true): number {
  return useQuery({ ...unreadCountQueryOptions, enabled: ask }).data?.unreadCount ?? 0;
}

export function fetchNotificationPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  return apiRequest<NotificationPage>(`/api/notifications${query}`, { signal });
}

export const notificationsQueryOptions = infiniteQueryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ pageParam, signal }) => fetchNotificationPage(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/** The list; its first page asked for at start-up (opened on /notifications) is shown without asking again. */
export function useNotifications() {
  const fromStartup = useStartupAnswer(notificationKeys.list);
  return useInfiniteQuery({ ...notificationsQueryOptions, refetchOnMount: !fromStartup });
}

export const preferencesQueryOptions = queryOptions({
  queryKey: notificationKeys.preferences,
  queryFn: getQueryFn<{ preferences: Preference[] }>({ on401: "throw" }),
});

export function usePreferences() {
  return useQuery(preferencesQueryOptions);
}

// ---------------------------------------------------------------- fetchers

/** Those ids, or every one (no ids). */
export function markRead(ids?: number[]): Promise<{ marked: number; unreadCount: number }> {
  return apiRequest("/api/notifications/read", { method: "POST", body: ids ? { ids } : {} });
}

export function savePreferences(change: PreferenceChange): Promise<{ preferences: Preference[] }> {
  return apiRequest("/api/notifications/preferences", { method: "PUT", body: change });
}

export function fetchPublicKey(): Promise<{ publicKey: string }> {
  return apiRequest("/api/push/public-key");
}

export function saveSubscription(subscription: PushSubscriptionJSON): Promise<{ message: string }> {
  return apiRequest("/api/push/subscriptions", { method: "POST", body: subscription });
}

export function deleteSubscription(endpoint: string): Promise<{ message: string }> {
  return apiRequest("/api/push/subscriptions", { method: "DELETE", body: { endpoint } });
}

// ---------------------------------------------------------------- mutations

const markReadKey = ["notifications-read"] as const;

/** Whether notifications are being marked read, by any part of the screen. */
export function useIsMarkingRead(): boolean {
  return useIsMutating({ mutationKey: markReadKey }) > 0;
}

/** Marks read here at once (the list and the count), then on the server. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: markReadKey,
    mutationFn: markRead,
    onMutate: (ids) => {
      const now = new Date().toISOString();
      const isMarked = (n: Notification) => !n.readAt && (!ids || ids.includes(n.id));
      let newlyRead = 0;
      queryClient.setQueryData<InfiniteData<NotificationPage>>(notificationKeys.list, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                items: p.items.map((n) => {
                  if (!isMarked(n)) return n;
                  newlyRead++;
                  return { ...n, readAt: now };
                }),
              })),
            }
          : data,
      );
      queryClient.setQueryData<{ unreadCount: number } | null>(notificationKeys.unread, (d) =>
        d ? { unreadCount: ids ? Math.max(0, d.unreadCount - newlyRead) : 0 } : d,
      );
    },
    onSuccess: ({ unreadCount }) => queryClient.setQueryData(notificationKeys.unread, { unreadCount }),
    onError: () => invalidateNotifications(queryClient),
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["notification-preferences"],
    mutationFn: savePreferences,
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.preferences, data),
  });
}
