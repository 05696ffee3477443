import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  FitcoinRedemptionDetail,
  GiftCardOffer,
  RedeemFitcoinsBody,
  RedeemFitcoinsResult,
} from "../../../core/schemas/rewards";
import { apiRequest, getQueryFn } from "../../lib/api-client";
import { useStartupAnswer } from "../../lib/startup-answer";
import { authKeys } from "../auth/api";
import { PENDING_REFRESH_MS } from "../points/api";
import { IDEMPOTENCY_KEY_HEADER, walletKeys } from "../wallet/api";

export type { FitcoinRedemptionDetail, GiftCardOffer };

/** GET /api/fitcoin/balance as the redemption screen reads it: the latest redemptions first. */
export interface FitcoinBalanceWithRedemptions {
  balance: number;
  redemptions: FitcoinRedemptionDetail[];
}

export const redeemKeys = {
  offer: ["/api/fitcoin/gift-card-offer"] as const,
  // The wallet's key: one cache entry for the balance, refreshed by either screen's movements.
  balance: walletKeys.fitcoins,
};

/** What a FitCoin redemption changes: the FitCoin balance, the wallet's queries and the user. */
const REFRESHED_AFTER_REDEEM = [
  redeemKeys.balance,
  walletKeys.transactions,
  walletKeys.recent,
  walletKeys.balance,
  authKeys.user,
];

// ---------------------------------------------------------------- queries

export const giftCardOfferQueryOptions = queryOptions({
  queryKey: redeemKeys.offer,
  queryFn: getQueryFn<GiftCardOffer | null>({ on401: "throw" }),
});

/** The Gift Card of the Month; null when no offer is active. */
export function useGiftCardOffer() {
  // The answer asked for at start-up (opened on /redeem) is shown without asking again.
  const fromStartup = useStartupAnswer(redeemKeys.offer);
  return useQuery({ ...giftCardOfferQueryOptions, refetchOnMount: !fromStartup });
}

export const fitcoinBalanceQueryOptions = queryOptions({
  queryKey: redeemKeys.balance,
  queryFn: getQueryFn<FitcoinBalanceWithRedemptions>({ on401: "throw" }),
  // A card the provider has not delivered yet shows up by itself once it is.
  refetchInterval: (query) =>
    query.state.data?.redemptions.some((r) => r.status === "pending") ? PENDING_REFRESH_MS : false,
});

export function useFitcoinBalance() {
  const fromStartup = useStartupAnswer(redeemKeys.balance);
  return useQuery({ ...fitcoinBalanceQueryOptions, refetchOnMount: !fromStartup });
}

// ---------------------------------------------------------------- fetchers

export interface RedeemFitcoinsRequest extends RedeemFitcoinsBody {
  /** The same key for a retry of the same submission, so the server redeems at most once. */
  idempotencyKey: string;
}

export function redeemFitcoins({
  giftCardOfferId,
  amount,
  idempotencyKey,
}: RedeemFitcoinsRequest): Promise<RedeemFitcoinsResult> {
  return apiRequest("/api/fitcoin/redeem", {
    method: "POST",
    body: { giftCardOfferId, amount },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

// ---------------------------------------------------------------- mutations

/** retry: 0 as every spending mutation: the member's own retry resends the same key instead. */
export const redeemFitcoinsMutationOptions = mutationOptions({
  mutationKey: ["fitcoin-redeem"],
  mutationFn: redeemFitcoins,
  retry: 0,
});

export function useRedeemFitcoinsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...redeemFitcoinsMutationOptions,
    onSettled: () =>
      Promise.all([
        ...REFRESHED_AFTER_REDEEM.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        // A 409 means the offer changed: show the current one.
        queryClient.invalidateQueries({ queryKey: redeemKeys.offer }),
      ]),
  });
}
