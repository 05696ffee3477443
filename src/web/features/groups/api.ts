import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  type UseMutationOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { GROUP_LEADERBOARD_ACTIVE_MS, GROUP_LEADERBOARD_IDLE_MS } from "../../../core/constants";
import type { StandingsEntry, StandingsPage } from "../../../core/schemas/competitions";
import type {
  Contribution,
  Group,
  GroupInfo,
  GroupMessage,
  GroupPreview,
  GroupRound,
} from "../../../core/schemas/groups";
import { apiRequest, getQueryFn } from "../../lib/api-client";
import { useStartupAnswer } from "../../lib/startup-answer";
import { authKeys } from "../auth/api";

export type { Contribution, Group, GroupInfo, GroupMessage, GroupPreview, GroupRound };

/** The create body as sent: FitCoins as numbers, the start as a local date and time. */
export interface CreateGroupRequest {
  name: string;
  description: string;
  isPrivate: boolean;
  hasScheduledCompetition: boolean;
  competitionStartDate: string | null;
  competitionStartTime: string | null;
  entryDeadlineHours: number | null;
  competitionDuration: number | null;
  poolEntryPrice: number | null;
}

/** The edit body as sent: empty fields are null, instants ISO 8601 with an offset. */
export interface EditGroupRequest {
  name: string;
  description: string;
  poolGoal: number | null;
  poolEntryPrice: number | null;
  competitionStartDate: string | null;
  competitionEndDate: string | null;
}

type Message = { message: string };

const code = (inviteCode: string) => encodeURIComponent(inviteCode);

export const groupKeys = {
  list: ["/api/groups"] as const,
  detail: (id: number) => [`/api/groups/${id}`] as const,
  leaderboard: (id: number) => [`/api/groups/${id}/leaderboard`] as const,
  rounds: (id: number) => [`/api/groups/${id}/rounds`] as const,
  /** A round's full standings: the current round without `roundId`. */
  standings: (id: number, roundId: number | null, page: number) =>
    [
      roundId === null
        ? `/api/groups/${id}/standings?page=${page}`
        : `/api/groups/${id}/rounds/${roundId}/standings?page=${page}`,
    ] as const,
  contributions: (id: number) => [`/api/groups/${id}/contributions`] as const,
  messages: (id: number) => [`/api/groups/${id}/messages`] as const,
  info: (inviteCode: string) => [`/api/groups/info/${code(inviteCode)}`] as const,
  preview: (inviteCode: string) => [`/api/groups/invite/${code(inviteCode)}`] as const,
};

/** Every query under /api/groups: the list, details, pools, chats, invites. */
export function invalidateGroups(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith("/api/groups"),
  });
}

const MONEY_PREFIXES = ["/api/fitcoin", "/api/transactions", "/api/wallet"];

/** Joining, creating, contributing, leaving and deleting move FitCoins: the user and the wallet too. */
function invalidateAfterMoney(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    invalidateGroups(queryClient),
    queryClient.invalidateQueries({ queryKey: authKeys.user }),
    queryClient.invalidateQueries({
      predicate: (q) => {
        const key = q.queryKey[0];
        return typeof key === "string" && MONEY_PREFIXES.some((prefix) => key.startsWith(prefix));
      },
    }),
  ]);
}

// ---------------------------------------------------------------- queries

export const groupsQueryOptions = queryOptions({
  queryKey: groupKeys.list,
  queryFn: getQueryFn<Group[]>({ on401: "throw" }),
});

/** The member's groups; the answer asked for at start-up (opened on /groups) is shown without asking again. */
export function useGroups(enabled = true) {
  const fromStartup = useStartupAnswer(groupKeys.list);
  return useQuery({ ...groupsQueryOptions, enabled, refetchOnMount: !fromStartup });
}

export function groupQueryOptions(id: number) {
  return queryOptions({ queryKey: groupKeys.detail(id), queryFn: getQueryFn<Group>({ on401: "throw" }) });
}

/** One group; the answer asked for at start-up (opened on its page) is shown without asking again. */
export function useGroup(id: number, enabled = true) {
  const fromStartup = useStartupAnswer(groupKeys.detail(id));
  return useQuery({ ...groupQueryOptions(id), enabled, refetchOnMount: !fromStartup });
}

/**
 * The group competition's standings: asked only when the group has one, every 30 s while it
 * runs and every 5 minutes otherwise (specification 2 section 7).
 */
export function groupLeaderboardQueryOptions(id: number, active: boolean) {
  const interval = active ? GROUP_LEADERBOARD_ACTIVE_MS : GROUP_LEADERBOARD_IDLE_MS;
  return queryOptions({
    queryKey: groupKeys.leaderboard(id),
    queryFn: getQueryFn<StandingsEntry[]>({ on401: "throw" }),
    refetchInterval: interval,
    staleTime: interval,
  });
}

/** The group's past rounds with their winners, newest first (DESIGN 1, group money). */
export function groupRoundsQueryOptions(id: number) {
  return queryOptions({
    queryKey: groupKeys.rounds(id),
    queryFn: getQueryFn<GroupRound[]>({ on401: "throw" }),
  });
}

export function useGroupRounds(id: number) {
  return useQuery(groupRoundsQueryOptions(id));
}

/** A page of a group round's full standings; null when there is no such group or round (404). */
export function useGroupStandings(id: number, roundId: number | null, page: number) {
  return useQuery({
    queryKey: groupKeys.standings(id, roundId, page),
    queryFn: getQueryFn<StandingsPage>({ on401: "throw", on404: "returnNull" }),
    placeholderData: (previous) => previous,
    refetchInterval: GROUP_LEADERBOARD_ACTIVE_MS,
  });
}

export function useGroupLeaderboard(
  group: Pick<Group, "id" | "hasScheduledCompetition" | "competitionStatus">,
) {
  return useQuery({
    ...groupLeaderboardQueryOptions(group.id, group.competitionStatus === "active"),
    enabled: group.hasScheduledCompetition,
  });
}

export function contributionsQueryOptions(id: number) {
  return queryOptions({
    queryKey: groupKeys.contributions(id),
    queryFn: getQueryFn<Contribution[]>({ on401: "throw" }),
  });
}

export function useContributions(id: number) {
  return useQuery(contributionsQueryOptions(id));
}

/** Public information of an invite link, signed in or not; null for an unknown code. */
export function groupInfoQueryOptions(inviteCode: string) {
  return queryOptions({
    queryKey: groupKeys.info(inviteCode),
    queryFn: getQueryFn<GroupInfo>({ on401: "throw", on404: "returnNull" }),
  });
}

export function useGroupInfo(inviteCode: string) {
  return useQuery(groupInfoQueryOptions(inviteCode));
}

/** The signed-in preview of an invite link; null for an unknown code. */
export function groupPreviewQueryOptions(inviteCode: string) {
  return queryOptions({
    queryKey: groupKeys.preview(inviteCode),
    queryFn: getQueryFn<GroupPreview>({ on401: "throw", on404: "returnNull" }),
  });
}

export function useGroupPreview(inviteCode: string, enabled: boolean) {
  return useQuery({ ...groupPreviewQueryOptions(inviteCode), enabled });
}

// ---------------------------------------------------------------- fetchers

export const createGroup = (body: CreateGroupRequest) =>
  apiRequest<Group>("/api/groups", { method: "POST", body });

export const updateGroup = ({ id, body }: { id: number; body: EditGroupRequest }) =>
  apiRequest<Group>(`/api/groups/${id}`, { method: "PUT", body });

export const setEntryPrice = ({ id, entryPrice }: { id: number; entryPrice: string }) =>
  apiRequest<Message & { entryPrice: string }>(`/api/groups/${id}/entry-price`, {
    method: "PATCH",
    body: { entryPrice },
  });

export const deleteGroup = (id: number) => apiRequest<Message>(`/api/groups/${id}`, { method: "DELETE" });

export const leaveGroup = (id: number) =>
  apiRequest<Message>(`/api/groups/${id}/leave`, { method: "DELETE" });

export const setMemberRole = ({
  id,
  userId,
  role,
}: {
  id: number;
  userId: number;
  role: "admin" | "member";
}) => apiRequest<Message>(`/api/groups/${id}/members/${userId}/role`, { method: "PUT", body: { role } });

export const contribute = ({
  id,
  amount,
  description,
}: {
  id: number;
  amount: number;
  description: string;
}) =>
  apiRequest<Message & { amount: string }>(`/api/groups/${id}/contribute`, {
    method: "POST",
    body: { amount, description },
  });

export const newInviteCode = (id: number) =>
  apiRequest<{ inviteCode: string }>(`/api/groups/${id}/invite`, { method: "POST" });

export const emailInvite = ({ id, email }: { id: number; email: string }) =>
  apiRequest<Message>(`/api/groups/${id}/invite-email`, { method: "POST", body: { email } });

export const joinGroup = (inviteCode: string) =>
  apiRequest<Group>(`/api/groups/join/${code(inviteCode)}`, { method: "POST" });

export const fetchGroupMessages = (id: number, signal?: AbortSignal) =>
  apiRequest<GroupMessage[]>(`/api/groups/${id}/messages`, { signal });

export const postGroupMessage = (id: number, message: string) =>
  apiRequest<GroupMessage>(`/api/groups/${id}/messages`, { method: "POST", body: { message } });

// ---------------------------------------------------------------- mutations

/*
 * None is retried (the client's default retries a mutation once): after a lost answer a second
 * join, create or contribution would pay twice or be refused, a leave or delete be refused.
 */
export const createGroupMutationOptions = mutationOptions({
  mutationKey: ["group-create"],
  mutationFn: createGroup,
  retry: 0,
});
export const joinGroupMutationOptions = mutationOptions({
  mutationKey: ["group-join"],
  mutationFn: joinGroup,
  retry: 0,
});
export const contributeMutationOptions = mutationOptions({
  mutationKey: ["group-contribute"],
  mutationFn: contribute,
  retry: 0,
});
export const leaveGroupMutationOptions = mutationOptions({
  mutationKey: ["group-leave"],
  mutationFn: leaveGroup,
  retry: 0,
});
export const deleteGroupMutationOptions = mutationOptions({
  mutationKey: ["group-delete"],
  mutationFn: deleteGroup,
  retry: 0,
});

/** Awaited by the mutation: the screen shows the new pool and FitCoins when the dialog closes. */
function useMoneyMutation<R, V>(options: UseMutationOptions<R, Error, V>) {
  const queryClient = useQueryClient();
  return useMutation({ ...options, onSuccess: () => invalidateAfterMoney(queryClient) });
}

export const useCreateGroup = () => useMoneyMutation(createGroupMutationOptions);
export const useJoinGroup = () => useMoneyMutation(joinGroupMutationOptions);
export const useContribute = () => useMoneyMutation(contributeMutationOptions);

/**
 * Leave and delete move the member back to /groups: the refresh is not awaited, so the page is
 * gone before its group answers 404 (or "not a member").
 */
function useExitMutation(options: UseMutationOptions<Message, Error, number>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    onSuccess: () => {
      void invalidateAfterMoney(queryClient);
    },
  });
}

export const useLeaveGroup = () => useExitMutation(leaveGroupMutationOptions);
export const useDeleteGroup = () => useExitMutation(deleteGroupMutationOptions);

/** Edits that move no money: the group's queries refresh. */
function useGroupMutation<V, R>(key: string, mutationFn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [key],
    mutationFn,
    retry: 0,
    onSuccess: () => invalidateGroups(queryClient),
  });
}

export const useUpdateGroup = () => useGroupMutation("group-update", updateGroup);
export const useSetEntryPrice = () => useGroupMutation("group-entry-price", setEntryPrice);
export const useSetMemberRole = () => useGroupMutation("group-member-role", setMemberRole);
export const useNewInviteCode = () => useGroupMutation("group-new-invite", newInviteCode);
export const useEmailInvite = () =>
  useMutation({ mutationKey: ["group-invite-email"], mutationFn: emailInvite, retry: 0 });
