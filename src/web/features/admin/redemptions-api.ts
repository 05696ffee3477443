import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminRedemptionActionResult, AdminRedemptionPage } from "../../../core/schemas/redemptions";
import { apiRequest } from "../../lib/api-client";

/** The lists: not delivered yet, refunded, and delivered (the API's `status`). */
export type RedemptionQueueStatus = "pending" | "failed" | "delivered";

export const redemptionQueueKeys = {
  all: ["/api/admin/redemptions"] as const,
  list: (status: RedemptionQueueStatus) => ["/api/admin/redemptions", { status }] as const,
};

const PAGE_SIZE = 20;

export function fetchRedemptionPage(
  status: RedemptionQueueStatus,
  cursor: number | null,
  signal?: AbortSignal,
) {
  const q = new URLSearchParams({ status, limit: String(PAGE_SIZE) });
  if (cursor !== null) q.set("cursor", String(cursor));
  return apiRequest<AdminRedemptionPage>(`/api/admin/redemptions?${q}`, { signal });
}

/**
 * Gift-card orders not delivered yet (pending), refunded (failed) or delivered, newest first
 * (admins), in pages: each page's `nextCursor` fetches the next (older) one ("Load more").
 */
export function useAdminRedemptions(status: RedemptionQueueStatus) {
  return useInfiniteQuery({
    queryKey: redemptionQueueKeys.list(status),
    queryFn: ({ pageParam, signal }) => fetchRedemptionPage(status, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export type RedemptionAction = "retry" | "refund";

/** Retry, or refund with an optional reason for the audit log. */
export function actOnRedemption(id: number, action: RedemptionAction, reason?: string) {
  return apiRequest<AdminRedemptionActionResult>(`/api/admin/redemptions/${id}/${action}`, {
    method: "POST",
    body: action === "refund" && reason?.trim() ? { reason: reason.trim() } : undefined,
  });
}

/** Retry (place or ask about the order now) or refund; both lists change either way. */
export function useRedemptionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: RedemptionAction; reason?: string }) =>
      actOnRedemption(id, action, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: redemptionQueueKeys.all }),
  });
}
