// The admin's member page (issue 22): one member's details, ledger history, sessions, bans, the
// Current User Check for them and what admins did about them (the audit log).
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  BanBody,
  BanResult,
  MemberDetail,
  MemberTransactionsPage,
  UnbanResult,
} from "../../../core/schemas/admin-member";
import type { AuditPage } from "../../../core/schemas/audit";
import type { ReverseGrantResult } from "../../../core/schemas/finance";
import type { ReconciliationResult } from "../../../core/schemas/money";
import { apiRequest, getQueryFn } from "../../lib/api-client";
import { reportsKey } from "./api";
import { adminUsersKeyPrefix } from "./users-api";

export const memberUrl = (id: number) => `/api/admin/users/${id}`;
export const memberAuditUrl = (id: number) => `/api/admin/audit-log?targetUserId=${id}&limit=20`;

/** The member's page, their history and log, the users lists and the reports: after any action on them. */
function invalidateMember(queryClient: QueryClient, id: number) {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const key = q.queryKey[0];
      return (
        typeof key === "string" &&
        (key.startsWith(adminUsersKeyPrefix) || key === memberAuditUrl(id) || key === reportsKey[0])
      );
    },
  });
}

export function useMemberDetail(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [memberUrl(id)],
    queryFn: getQueryFn<MemberDetail>({ on401: "throw" }),
    enabled,
  });
}

/** The ledger history, 25 at a time, newest first ("Load more" asks for the next page). */
export function useMemberTransactions(id: number) {
  return useInfiniteQuery({
    queryKey: [`${memberUrl(id)}/transactions`],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MemberTransactionsPage>(
        `${memberUrl(id)}/transactions${pageParam === null ? "" : `?cursor=${pageParam}`}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useMemberAudit(id: number) {
  return useQuery({ queryKey: [memberAuditUrl(id)], queryFn: getQueryFn<AuditPage>({ on401: "throw" }) });
}

export function useBanMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: BanBody & { id: number }) =>
      apiRequest<BanResult>(`${memberUrl(id)}/ban`, { method: "POST", body }),
    onSuccess: (_data, { id }) => invalidateMember(queryClient, id),
  });
}

export function useUnbanMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      apiRequest<UnbanResult>(`${memberUrl(id)}/unban`, { method: "POST", body: { reason } }),
    onSuccess: (_data, { id }) => invalidateMember(queryClient, id),
  });
}

/** Ends one session (`sessionId`) or, without it, all of the member's sessions. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sessionId }: { id: number; sessionId?: number }) =>
      apiRequest<{ message: string }>(`${memberUrl(id)}/sessions${sessionId ? `/${sessionId}` : ""}`, {
        method: "DELETE",
      }),
    onSuccess: (_data, { id }) => invalidateMember(queryClient, id),
  });
}

/** The Current User Check for this member; their history and balances change when it books a payment. */
export function useMemberReconcile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<ReconciliationResult>(`${memberUrl(id)}/reconcile-deposits`, { method: "POST" }),
    retry: 0,
    onSuccess: () => invalidateMember(queryClient, id),
  });
}

/** Reverses an admin grant (issue 23); the member's history, balances and log change. */
export function useReverseGrant(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transferId, reason }: { transferId: number; reason: string }) =>
      apiRequest<ReverseGrantResult>(`/api/admin/transfers/${transferId}/reverse`, {
        method: "POST",
        body: { reason },
      }),
    // A lost answer is not retried blindly: the admin sees the history and decides.
    retry: 0,
    onSettled: () => invalidateMember(queryClient, memberId),
  });
}
