// The points gift-card catalogue (admins): /api/admin/reward-gift-cards, and the members' list it feeds.
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminRewardGiftCard,
  RewardGiftCardBody,
  RewardGiftCardEdit,
} from "../../../core/schemas/reward-gift-cards";
import { apiRequest, getQueryFn } from "../../lib/api-client";

export const rewardCardsKey = ["/api/admin/reward-gift-cards"] as const;
const base = rewardCardsKey[0];

function invalidateCards(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] === base || q.queryKey[0] === "/api/rewards/gift-cards",
  });
}

export const rewardCardsQueryOptions = queryOptions({
  queryKey: rewardCardsKey,
  queryFn: getQueryFn<AdminRewardGiftCard[]>({ on401: "throw" }),
});

export function useRewardCards() {
  return useQuery(rewardCardsQueryOptions);
}

export type RewardCardAction = "activate" | "deactivate" | "delete";

/** A new card (POST), or an edit of every field but `active` (PUT; Activate and Deactivate change that). */
export type RewardCardSave =
  | { id?: undefined; body: RewardGiftCardBody }
  | { id: number; body: RewardGiftCardEdit };

export function saveRewardCard(save: RewardCardSave) {
  return apiRequest<AdminRewardGiftCard>(save.id === undefined ? base : `${base}/${save.id}`, {
    method: save.id === undefined ? "POST" : "PUT",
    body: save.body,
  });
}

export async function rewardCardAction({
  id,
  action,
}: {
  id: number;
  action: RewardCardAction;
}): Promise<AdminRewardGiftCard | null> {
  if (action === "delete") {
    await apiRequest<{ message: string }>(`${base}/${id}`, { method: "DELETE" });
    return null;
  }
  return apiRequest<AdminRewardGiftCard>(`${base}/${id}/${action}`, { method: "POST" });
}

/* Not retried: a create whose answer was lost would add the card twice. */
export function useSaveRewardCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["reward-card-save"],
    mutationFn: saveRewardCard,
    retry: 0,
    onSuccess: () => invalidateCards(queryClient),
  });
}

export function useRewardCardAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["reward-card-action"],
    mutationFn: rewardCardAction,
    retry: 0,
    onSuccess: () => invalidateCards(queryClient),
  });
}
