import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminRedemptionActionResult, AdminRedemptionPage } from "../../../core/schemas/redemptions";
import { apiRequest } from "../../lib/api-client";

export type RedemptionQueueStatus = "pending" | "failed";

export const redemptionQueueKeys = {
  all: ["/api/admin/redemptions"] as const,
  list: (status: RedemptionQueueStatus) => ["/api/admin/redemptions", { status }] as const,
};

export const adminRedemptionsQueryOptions = (status: RedemptionQueueStatus) =>
  queryOptions({
    queryKey: redemptionQueueKeys.list(status),
    queryFn: () => apiRequest<AdminRedemptionPage>(`/api/admin/redemptions?status=${status}&limit=20`),
  });

/** Gift-card orders not delivered yet (pending) or refunded (failed), newest first (admins). */
export function useAdminRedemptions(status: RedemptionQueueStatus) {
  return useQuery(adminRedemptionsQueryOptions(status));
}

export type RedemptionAction = "retry" | "refund";

export function actOnRedemption(id: number, action: RedemptionAction) {
  return apiRequest<AdminRedemptionActionResult>(`/api/admin/redemptions/${id}/${action}`, {
    method: "POST",
  });
}

/** Retry (place or ask about the order now) or refund; both lists change either way. */
export function useRedemptionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: RedemptionAction }) => actOnRedemption(id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: redemptionQueueKeys.all }),
  });
}
