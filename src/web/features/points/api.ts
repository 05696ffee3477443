import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  GiftCard,
  PointsRedemption,
  PointsSummary,
  PointTransaction,
  RedeemPointsBody,
  RedeemPointsResult,
} from "../../../core/schemas/rewards";
import type { PointTransactionPage } from "../../../core/schemas/statements";
import { apiRequest, getQueryFn } from "../../lib/api-client";
import { useStartupAnswer } from "../../lib/startup-answer";
import { IDEMPOTENCY_KEY_HEADER } from "../wallet/api";

export type { GiftCard, PointsRedemption, PointsSummary, PointTransaction };

/** How often redemptions still on their way are asked about again. */
export const PENDING_REFRESH_MS = 15_000;

export const pointsKeys = {
  summary: ["/api/points/summary"] as const,
  transactions: ["/api/points/transactions"] as const,
  giftCards: ["/api/rewards/gift-cards"] as const,
  history: ["/api/rewards/history"] as const,
};

// ---------------------------------------------------------------- queries

export const pointsSummaryQueryOptions = queryOptions({
  queryKey: pointsKeys.summary,
  queryFn: getQueryFn<PointsSummary>({ on401: "throw" }),
});

/** Available, earned and spent points, and the member's current streaks. */
export function usePointsSummary() {
  // The answer asked for at start-up (opened on /points) is shown without asking again.
  const fromStartup = useStartupAnswer(pointsKeys.summary);
  return useQuery({ ...pointsSummaryQueryOptions, refetchOnMount: !fromStartup });
}

/**
 * The summary as another part of a screen shows it, beside the part that reads it with
 * usePointsSummary: its mount does not ask again (that part's read and refreshes serve both).
 */
export function usePointsSummaryBeside() {
  return useQuery({ ...pointsSummaryQueryOptions, refetchOnMount: false });
}

export const pointTransactionsQueryOptions = queryOptions({
  queryKey: pointsKeys.transactions,
  queryFn: getQueryFn<PointTransaction[]>({ on401: "throw" }),
});

/** Point History, newest first. */
export function usePointTransactions() {
  return useQuery(pointTransactionsQueryOptions);
}

/**
 * Point History a page at a time (GET /api/points/transactions/page), under the history's key so
 * a redemption's invalidation refreshes it; "Load more" fetches the older lines.
 */
export const pointTransactionPagesQueryOptions = infiniteQueryOptions({
  queryKey: [...pointsKeys.transactions, "pages"],
  initialPageParam: null as number | null,
  queryFn: ({ pageParam, signal }) =>
    apiRequest<PointTransactionPage>(
      `/api/points/transactions/page${pageParam === null ? "" : `?cursor=${pageParam}`}`,
      { signal },
    ),
  getNextPageParam: (last) => last.nextCursor,
});

/** Point History as its tab shows it: useWatchPointsLists asks, so showing the tab does not. */
export function usePointTransactionPagesShown() {
  return useInfiniteQuery({ ...pointTransactionPagesQueryOptions, refetchOnMount: false });
}

export const giftCardsQueryOptions = queryOptions({
  queryKey: pointsKeys.giftCards,
  queryFn: getQueryFn<GiftCard[]>({ on401: "throw" }),
  // Admins change the catalogue now and then; a minute's delay is fine for members.
  staleTime: 60_000,
});

export function useGiftCards() {
  return useQuery(giftCardsQueryOptions);
}

export const pointsRedemptionsQueryOptions = queryOptions({
  queryKey: pointsKeys.history,
  queryFn: getQueryFn<PointsRedemption[]>({ on401: "throw" }),
  // A card the provider has not delivered yet shows up here by itself once it is.
  refetchInterval: (query) =>
    query.state.data?.some((r) => r.status === "pending") ? PENDING_REFRESH_MS : false,
});

/**
 * Keeps a screen's hidden lists asked for and fresh (their polling, focus and invalidations) while
 * the screen is open, without re-rendering the screen: the lists are shown by the parts that read
 * them (usePointsRedemptionsShown, usePointTransactionPagesShown), which mount only when shown.
 */
export function useWatchPointsLists(): void {
  useQuery({ ...pointsRedemptionsQueryOptions, notifyOnChangeProps: [] });
  useInfiniteQuery({ ...pointTransactionPagesQueryOptions, notifyOnChangeProps: [] });
}

/**
 * My Redemptions, newest first, with their codes, as its tab shows them: useWatchPointsLists asks,
 * so showing the tab does not.
 */
export function usePointsRedemptionsShown() {
  return useQuery({ ...pointsRedemptionsQueryOptions, refetchOnMount: false });
}

// ---------------------------------------------------------------- fetchers

export interface RedeemGiftCardRequest extends RedeemPointsBody {
  /** The same key for a retry of the same submission, so the server redeems at most once. */
  idempotencyKey: string;
}

export function redeemGiftCard({
  giftCardId,
  deliveryEmail,
  idempotencyKey,
}: RedeemGiftCardRequest): Promise<RedeemPointsResult> {
  return apiRequest("/api/rewards/redeem", {
    method: "POST",
    body: { giftCardId, deliveryEmail },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

// ---------------------------------------------------------------- mutations

/** retry: 0 as every spending mutation: the member's own retry resends the same key instead. */
export const redeemGiftCardMutationOptions = mutationOptions({
  mutationKey: ["points-redeem"],
  mutationFn: redeemGiftCard,
  retry: 0,
});

/** A redemption spends points: the balance, the redemptions and the history change. */
export function useRedeemGiftCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...redeemGiftCardMutationOptions,
    onSettled: () =>
      Promise.all(
        [pointsKeys.summary, pointsKeys.history, pointsKeys.transactions].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
