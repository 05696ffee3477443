import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { COMPETITIONS_REFETCH_MS } from "../../../core/constants";
import type {
  ChatMessage,
  Competition,
  CompetitionDetail,
  InvitePreview,
  StandingsPage,
} from "../../../core/schemas/competitions";
import { apiRequest, getQueryFn } from "../../lib/api-client";
import { getDeviceFingerprint } from "../../lib/device-fingerprint";
import { useStartupAnswer } from "../../lib/startup-answer";
import { authKeys } from "../auth/api";
import { myCompetitions } from "./competition-view";

export type { ChatMessage, Competition, CompetitionDetail };

/** The create and edit body as sent: FitCoins as numbers (42.5), instants as ISO 8601 with an offset. */
export interface CompetitionRequest {
  name: string;
  description: string;
  entryFee: number | null;
  maxParticipants: number | null;
  startDate: string;
  endDate: string;
  entryDeadlineHours: number | null;
}

export const competitionKeys = {
  list: ["/api/competitions"] as const,
  detail: (id: number, page = 1) => [`/api/competitions/${id}?page=${page}`] as const,
  invite: (code: string) => [`/api/competitions/invite/${encodeURIComponent(code)}`] as const,
  preview: (code: string) => [`/api/competitions/invite/${encodeURIComponent(code)}/preview`] as const,
  standings: (id: number, page: number) => [`/api/competitions/${id}/standings?page=${page}`] as const,
  messages: (id: number) => [`/api/competitions/${id}/messages`] as const,
};

/** Every query under /api/competitions: lists, details, invites (chat included). */
export function invalidateCompetitions(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith("/api/competitions"),
  });
}

/** A join or a leave moves FitCoins: the user (FitCoins), the wallet and its history. */
function invalidateAfterMoney(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    invalidateCompetitions(queryClient),
    queryClient.invalidateQueries({ queryKey: authKeys.user }),
    queryClient.invalidateQueries({
      predicate: (q) => {
        const key = q.queryKey[0];
        return (
          typeof key === "string" && (key.startsWith("/api/fitcoin") || key.startsWith("/api/transactions"))
        );
      },
    }),
  ]);
}

/** What creating a competition changes elsewhere (specification 2 section 7). */
const REFRESHED_AFTER_CREATE = [
  "/api/dashboard/stats",
  "/api/leaderboard",
  "/api/achievements",
  "/api/groups",
];

// ---------------------------------------------------------------- queries

/** Upcoming and active competitions, plus the viewer's recently completed ones; refetched every 10 s. */
export const competitionsQueryOptions = queryOptions({
  queryKey: competitionKeys.list,
  queryFn: getQueryFn<Competition[]>({ on401: "returnNull" }),
  refetchInterval: COMPETITIONS_REFETCH_MS,
  refetchIntervalInBackground: true,
});

/** The list; the answer asked for at start-up (opened on /competitions) is shown without asking again. */
export function useCompetitions(enabled = true) {
  const fromStartup = useStartupAnswer(competitionKeys.list);
  return useQuery({ ...competitionsQueryOptions, enabled, refetchOnMount: !fromStartup });
}

/**
 * The competitions the member is in and that are not over, soonest first, each with their rank and
 * steps: the same list (and cache) as /competitions, polled only while a page shows it.
 */
export function useMyCompetitions() {
  return useQuery({
    ...competitionsQueryOptions,
    refetchIntervalInBackground: false,
    select: myCompetitions,
  });
}

/** One competition with a page of its standings; null when there is none (404), refreshed like the list. */
export function competitionDetailQueryOptions(id: number, page = 1) {
  return queryOptions({
    queryKey: competitionKeys.detail(id, page),
    queryFn: getQueryFn<CompetitionDetail>({ on401: "throw", on404: "returnNull" }),
    refetchInterval: COMPETITIONS_REFETCH_MS,
  });
}

export function useCompetitionDetail(id: number, page = 1, enabled = true) {
  return useQuery({ ...competitionDetailQueryOptions(id, page), enabled });
}

/** The competition of an invite link; null when the code is unknown (404). */
export function inviteCompetitionQueryOptions(code: string) {
  return queryOptions({
    queryKey: competitionKeys.invite(code),
    queryFn: getQueryFn<Competition>({ on401: "throw", on404: "returnNull" }),
    refetchInterval: COMPETITIONS_REFETCH_MS,
  });
}

export function useInviteCompetition(code: string, enabled = true) {
  return useQuery({ ...inviteCompetitionQueryOptions(code), enabled });
}

/**
 * The public preview of an invite for a visitor (no session); null for an unknown code. Read
 * once, not polled: it is the same for everyone and the server lets it be cached.
 */
export function invitePreviewQueryOptions(code: string) {
  return queryOptions({
    queryKey: competitionKeys.preview(code),
    queryFn: getQueryFn<InvitePreview>({ on401: "returnNull", on404: "returnNull" }),
    staleTime: 60_000,
  });
}

export function useInvitePreview(code: string) {
  return useQuery(invitePreviewQueryOptions(code));
}

/** A page of a competition's full standings; null when it does not exist (404). */
export function useCompetitionStandings(id: number, page: number) {
  return useQuery({
    queryKey: competitionKeys.standings(id, page),
    queryFn: getQueryFn<StandingsPage>({ on401: "throw", on404: "returnNull" }),
    placeholderData: (previous) => previous,
    refetchInterval: COMPETITIONS_REFETCH_MS,
  });
}

// ---------------------------------------------------------------- fetchers

export function joinCompetition(id: number): Promise<Competition> {
  return apiRequest<Competition>(`/api/competitions/${id}/join`, {
    method: "POST",
    body: { deviceFingerprint: getDeviceFingerprint() },
  });
}

export function leaveCompetition(id: number): Promise<{ message: string }> {
  return apiRequest(`/api/competitions/${id}/leave`, { method: "DELETE" });
}

export function createCompetition(body: CompetitionRequest): Promise<Competition> {
  return apiRequest<Competition>("/api/admin/competitions", { method: "POST", body });
}

export function updateCompetition({ id, body }: { id: number; body: CompetitionRequest }) {
  return apiRequest<Competition>(`/api/competitions/${id}`, { method: "PUT", body });
}

export function deleteCompetition(id: number): Promise<{ message: string }> {
  return apiRequest(`/api/admin/competitions/${id}`, { method: "DELETE" });
}

export function openDispute({ id, reason }: { id: number; reason: string }): Promise<{ message: string }> {
  return apiRequest(`/api/competitions/${id}/disputes`, { method: "POST", body: { reason } });
}

export function fetchCompetitionMessages(id: number, signal?: AbortSignal): Promise<ChatMessage[]> {
  return apiRequest<ChatMessage[]>(`/api/competitions/${id}/messages`, { signal });
}

export function postCompetitionMessage(id: number, message: string): Promise<ChatMessage> {
  return apiRequest<ChatMessage>(`/api/competitions/${id}/messages`, { method: "POST", body: { message } });
}

// ---------------------------------------------------------------- mutations

/*
 * None is retried: a join or create whose answer was lost would be refused the second time
 * ("already joined") after the first succeeded, and a leave or delete likewise.
 */
export const joinMutationOptions = mutationOptions({
  mutationKey: ["competition-join"],
  mutationFn: joinCompetition,
  retry: 0,
});

export function useJoinCompetition() {
  const queryClient = useQueryClient();
  return useMutation({ ...joinMutationOptions, onSuccess: () => invalidateAfterMoney(queryClient) });
}

export const leaveMutationOptions = mutationOptions({
  mutationKey: ["competition-leave"],
  mutationFn: leaveCompetition,
  retry: 0,
});

export function useLeaveCompetition() {
  const queryClient = useQueryClient();
  return useMutation({ ...leaveMutationOptions, onSuccess: () => invalidateAfterMoney(queryClient) });
}

export const createMutationOptions = mutationOptions({
  mutationKey: ["competition-create"],
  mutationFn: createCompetition,
  retry: 0,
});

export function useCreateCompetition() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createMutationOptions,
    onSuccess: () =>
      Promise.all([
        invalidateCompetitions(queryClient),
        queryClient.invalidateQueries({
          predicate: (q) => {
            const key = q.queryKey[0];
            return typeof key === "string" && REFRESHED_AFTER_CREATE.some((prefix) => key.startsWith(prefix));
          },
        }),
      ]),
  });
}

export function useUpdateCompetition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["competition-update"],
    mutationFn: updateCompetition,
    retry: 0,
    onSuccess: () => invalidateCompetitions(queryClient),
  });
}

export function useDeleteCompetition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["competition-delete"],
    mutationFn: deleteCompetition,
    retry: 0,
    // Deleting refunds every participant, possibly the viewer.
    onSuccess: () => invalidateAfterMoney(queryClient),
  });
}

export function useOpenDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["competition-dispute"],
    mutationFn: openDispute,
    retry: 0,
    onSuccess: () => invalidateCompetitions(queryClient),
  });
}
