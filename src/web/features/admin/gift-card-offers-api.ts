// Gift-card offers (admins) and the Gift Card of the Month members see.
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GiftCardOffer } from "../../../core/schemas/rewards";
import { apiRequest, getQueryFn } from "../../lib/api-client";

/** The offer body as sent: dollar values and FitCoin prices as decimal strings ("50.00"). */
export interface GiftCardOfferRequest {
  month: string;
  brand: string;
  description: string;
  imageUrl: string | null;
  value50: string;
  fitcoins50: string;
  value100: string;
  fitcoins100: string;
}

export const giftCardOffersKey = ["/api/admin/gift-card-offers"] as const;

/** Every offer, and what members see as the Gift Card of the Month (GET /api/fitcoin/gift-card-offer). */
function invalidateOffers(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const key = q.queryKey[0];
      return typeof key === "string" && (key === giftCardOffersKey[0] || key.startsWith("/api/fitcoin"));
    },
  });
}

export const giftCardOffersQueryOptions = queryOptions({
  queryKey: giftCardOffersKey,
  queryFn: getQueryFn<GiftCardOffer[]>({ on401: "throw" }),
});

export function useGiftCardOffers() {
  return useQuery(giftCardOffersQueryOptions);
}

export function createGiftCardOffer(body: GiftCardOfferRequest): Promise<GiftCardOffer> {
  return apiRequest("/api/admin/gift-card-offers", { method: "POST", body });
}

export function updateGiftCardOffer({ id, body }: { id: number; body: GiftCardOfferRequest }) {
  return apiRequest<GiftCardOffer>(`/api/admin/gift-card-offers/${id}`, { method: "PUT", body });
}

/** Activate: the offer now; schedule: the offer when its month starts; end: no longer offered nor scheduled. */
export type OfferAction = "activate" | "schedule" | "end";

export function giftCardOfferAction({
  id,
  action,
}: {
  id: number;
  action: OfferAction;
}): Promise<{ message: string; offer: GiftCardOffer }> {
  return apiRequest(`/api/admin/gift-card-offers/${id}/${action}`, { method: "POST" });
}

export function activateGiftCardOffer(id: number): Promise<{ message: string; offer: GiftCardOffer }> {
  return giftCardOfferAction({ id, action: "activate" });
}

/* Not retried: a create whose answer was lost would make a second offer. */
export function useCreateGiftCardOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["gift-card-offer-create"],
    mutationFn: createGiftCardOffer,
    retry: 0,
    onSuccess: () => invalidateOffers(queryClient),
  });
}

export function useUpdateGiftCardOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["gift-card-offer-update"],
    mutationFn: updateGiftCardOffer,
    retry: 0,
    onSuccess: () => invalidateOffers(queryClient),
  });
}

export function useGiftCardOfferAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["gift-card-offer-action"],
    mutationFn: giftCardOfferAction,
    retry: 0,
    onSuccess: () => invalidateOffers(queryClient),
  });
}
