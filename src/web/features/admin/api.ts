import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GlobalReconciliationResult, PlatformFees } from "../../../core/schemas/money";
import type { Report } from "../../../core/schemas/safety";
import { apiRequest, getQueryFn } from "../../lib/api-client";
import { useUser } from "../auth/api";

export const adminKeys = {
  check: ["/api/admin/check"] as const,
  platformFees: ["/api/admin/platform-fees"] as const,
};

export const adminCheckQueryOptions = queryOptions({
  queryKey: adminKeys.check,
  queryFn: getQueryFn<boolean>({ on401: "returnNull" }),
  staleTime: 60_000,
});

const isTrue = (answer: boolean | null): boolean => answer === true;

/**
 * The admin check as a screen that shows more to admins reads it: "not an admin" until the answer
 * says otherwise (a placeholder), so that the answer "not an admin" changes nothing it reads.
 */
export const isAdminQueryOptions = queryOptions({
  ...adminCheckQueryOptions,
  select: isTrue,
  placeholderData: false,
  notifyOnChangeProps: ["data"],
});

/**
 * Whether the signed-in member is an admin, for a screen that shows more to admins; asked only
 * when signed in (specification 1, section 7). Not an admin until the answer says so, and an
 * answer that says "not an admin" re-renders nothing: the screen, and every card in it, was
 * already drawn for a member (its answer arrives after the screen, and each re-render of a read
 * is one synchronous task).
 */
export function useIsAdmin(ask = true): boolean {
  const user = useUser();
  return useQuery({ ...isAdminQueryOptions, enabled: ask && user !== null }).data === true;
}

/**
 * Whether the signed-in member is an admin, and whether that is still being asked: for a screen
 * that must wait for the answer (the admin guard); asked only when signed in.
 */
export function useAdminCheck(): { isAdmin: boolean; isLoading: boolean } {
  const user = useUser();
  const enabled = user !== null;
  const query = useQuery({ ...adminCheckQueryOptions, enabled });
  return { isAdmin: query.data === true, isLoading: enabled && query.isPending };
}

export const platformFeesQueryOptions = queryOptions({
  queryKey: adminKeys.platformFees,
  queryFn: getQueryFn<PlatformFees>({ on401: "throw" }),
});

/** Platform revenue from the 15% fees (admins only). */
export function usePlatformFees() {
  return useQuery(platformFeesQueryOptions);
}

export function globalReconcile(): Promise<GlobalReconciliationResult> {
  return apiRequest("/api/admin/global-reconcile", { method: "POST" });
}

/** Not retried: one run credits what it finds; a second run after a lost answer only repeats the scan. */
export const globalReconcileMutationOptions = mutationOptions({
  mutationKey: ["global-reconcile"],
  mutationFn: globalReconcile,
  retry: 0,
});

/** The Finance page's list of reconciliation runs (finance-api.ts). */
export const reconciliationRunsKey = ["/api/admin/reconciliation-runs"] as const;

/** Each run is recorded: the Finance page's list of runs is refreshed after one. */
export function useGlobalReconcileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...globalReconcileMutationOptions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconciliationRunsKey }),
  });
}

/** GET /api/admin/step-flags: accounts flagged after repeated implausible step syncs. */
export interface FlaggedStepAccount {
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
  flaggedAt: string;
  reason: string;
  refusals: number;
  lastRefusal: { steps: number; allowedSteps: number } | null;
}

export const stepFlagsKey = ["/api/admin/step-flags"] as const;

export function useFlaggedStepAccounts() {
  return useQuery({
    queryKey: stepFlagsKey,
    queryFn: getQueryFn<FlaggedStepAccount[]>({ on401: "throw" }),
  });
}

export function useMarkStepFlagReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiRequest<{ message: string }>(`/api/admin/step-flags/${userId}/review`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stepFlagsKey }),
  });
}

/** GET /api/admin/payment-flags: card refunds and disputes waiting for review (amounts in dollars). */
export interface PaymentFlag {
  id: number;
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
  provider: string;
  paymentId: string;
  purpose: string;
  reason: string;
  reference: string;
  amount: string;
  shortfall: string;
  createdAt: string;
}

export const paymentFlagsKey = ["/api/admin/payment-flags"] as const;

export function usePaymentFlags() {
  return useQuery({ queryKey: paymentFlagsKey, queryFn: getQueryFn<PaymentFlag[]>({ on401: "throw" }) });
}

export function useMarkPaymentFlagReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ message: string }>(`/api/admin/payment-flags/${id}/review`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentFlagsKey }),
  });
}

/** GET /api/admin/competitions/held: payouts waiting on a flagged would-be winner (DESIGN 1, fair play). */
export interface HeldCompetition {
  competitionId: number;
  competitionName: string;
  endDate: string;
  flagged: {
    userId: number;
    username: string;
    firstName: string;
    lastName: string;
    steps: number;
    reason: string;
  }[];
}

export const heldCompetitionsKey = ["/api/admin/competitions/held"] as const;

export function useHeldCompetitions() {
  return useQuery({
    queryKey: heldCompetitionsKey,
    queryFn: getQueryFn<HeldCompetition[]>({ on401: "throw" }),
  });
}

export type HeldDecision = "clear" | "disqualify";

/** Clear (their steps count) or disqualify (their steps count as 0) a flagged participant. */
export function useDecideHeldParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      competitionId,
      userId,
      decision,
    }: {
      competitionId: number;
      userId: number;
      decision: HeldDecision;
    }) =>
      apiRequest<{ message: string }>(
        `/api/admin/competitions/${competitionId}/participants/${userId}/${decision}`,
        { method: "POST" },
      ),
    retry: 0,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: heldCompetitionsKey }),
        queryClient.invalidateQueries({ queryKey: stepFlagsKey }),
      ]),
  });
}

/** GET /api/admin/competitions/settlement-failures: settlements that failed, retried with a growing delay. */
export interface SettlementFailure {
  competitionId: number;
  competitionName: string;
  groupId: number | null;
  endDate: string;
  attempts: number;
  error: string;
  retryAt: string | null;
}

export const settlementFailuresKey = ["/api/admin/competitions/settlement-failures"] as const;

export function useSettlementFailures() {
  return useQuery({
    queryKey: settlementFailuresKey,
    queryFn: getQueryFn<SettlementFailure[]>({ on401: "throw" }),
  });
}

/** Retry now: settles at once, or answers why it still fails. */
export function useRetrySettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (competitionId: number) =>
      apiRequest<{ message: string }>(`/api/admin/competitions/${competitionId}/settle`, { method: "POST" }),
    retry: 0,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settlementFailuresKey }),
        queryClient.invalidateQueries({ queryKey: heldCompetitionsKey }),
      ]),
  });
}

/** GET /api/admin/disputes: participants' disputes of competition results, not yet reviewed. */
export interface CompetitionDispute {
  id: number;
  competitionId: number;
  competitionName: string;
  userId: number;
  username: string;
  reason: string;
  createdAt: string;
}

export const disputesKey = ["/api/admin/disputes"] as const;

export function useCompetitionDisputes() {
  return useQuery({ queryKey: disputesKey, queryFn: getQueryFn<CompetitionDispute[]>({ on401: "throw" }) });
}

export function useMarkDisputeReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ message: string }>(`/api/admin/disputes/${id}/review`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: disputesKey }),
  });
}

/** GET /api/admin/reports: members' reports about other members, not yet reviewed. */
export const reportsKey = ["/api/admin/reports"] as const;

export function useOpenReports() {
  return useQuery({ queryKey: reportsKey, queryFn: getQueryFn<Report[]>({ on401: "throw" }) });
}

export function useMarkReportReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ message: string }>(`/api/admin/reports/${id}/review`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}
