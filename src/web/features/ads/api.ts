// Advertisements: the ad manager (admins) and the ad slots members see (specification 3).
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AD_CACHE_SECONDS } from "../../../core/constants";
import type {
  ActiveAd,
  Ad,
  AdAnalytics,
  AdBodyInput,
  AdBulkResult,
  AdPlacement,
} from "../../../core/schemas/ads";
import { apiRequest, getQueryFn } from "../../lib/api-client";

export type { ActiveAd, Ad, AdAnalytics, AdBulkResult, AdPlacement };

/** An ad as the form sends it: JSON only (dates as ISO text), every field present. */
export type AdRequest = AdBodyInput & {
  imageUrl: string | null;
  linkUrl: string | null;
  placement: AdPlacement;
  priority: number;
  startDate: string | null;
  endDate: string | null;
};

export const adKeys = {
  all: ["/api/ads"] as const,
  analytics: ["/api/ads/analytics"] as const,
  active: (placement: AdPlacement) => [`/api/ads/active/${placement}`] as const,
};

/** Every ads query (list, analytics, the slots): an admin's change can touch any of them. */
function invalidateAds(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const key = q.queryKey[0];
      return typeof key === "string" && key.startsWith("/api/ads");
    },
  });
}

// ---------------------------------------------------------------- queries

export const adsQueryOptions = queryOptions({
  queryKey: adKeys.all,
  queryFn: getQueryFn<Ad[]>({ on401: "throw" }),
});

export function useAds() {
  return useQuery(adsQueryOptions);
}

export const adAnalyticsQueryOptions = queryOptions({
  queryKey: adKeys.analytics,
  queryFn: getQueryFn<AdAnalytics>({ on401: "throw" }),
});

export function useAdAnalytics() {
  return useQuery(adAnalyticsQueryOptions);
}

/** A placement's live ads, highest priority first; the server lets them be cached for 5 minutes. */
export function activeAdsQueryOptions(placement: AdPlacement) {
  return queryOptions({
    queryKey: adKeys.active(placement),
    queryFn: getQueryFn<ActiveAd[]>({ on401: "throw" }),
    staleTime: AD_CACHE_SECONDS * 1000,
    // 'Failed to load ad' after one retry, not after the default three.
    retry: 1,
    refetchOnWindowFocus: false,
  });
}

/** `enabled` false until the slot is near the screen: a slot below the fold asks nothing. */
export function useActiveAds(placement: AdPlacement, enabled = true) {
  return useQuery({ ...activeAdsQueryOptions(placement), enabled });
}

// ---------------------------------------------------------------- fetchers

export function createAd(body: AdRequest): Promise<Ad> {
  return apiRequest<Ad>("/api/ads", { method: "POST", body });
}

export function updateAd({ id, body }: { id: number; body: AdRequest }): Promise<Ad> {
  return apiRequest<Ad>(`/api/ads/${id}`, { method: "PUT", body });
}

export function deleteAd(id: number): Promise<{ message: string }> {
  return apiRequest(`/api/ads/${id}`, { method: "DELETE" });
}

export function bulkDeleteAds(ids: number[]): Promise<AdBulkResult> {
  return apiRequest<AdBulkResult>("/api/ads/bulk-delete", { method: "POST", body: { ids } });
}

export function bulkToggleAds(body: { ids: number[]; isActive: boolean }): Promise<AdBulkResult> {
  return apiRequest<AdBulkResult>("/api/ads/bulk-toggle", { method: "POST", body });
}

/** Counts a view: the slot now shows this ad. A failure is only logged (specification 3 section 6). */
export async function recordAdView(id: number, placement: AdPlacement): Promise<void> {
  try {
    await apiRequest(`/api/ads/${id}/view`, { method: "POST", body: { placement }, keepalive: true });
  } catch (error) {
    console.warn("Could not count the ad view", id, error);
  }
}

/** Counts a click: the ad's link opened. A failure is only logged. */
export async function recordAdClick(id: number): Promise<void> {
  try {
    await apiRequest(`/api/ads/${id}/click`, { method: "POST", body: {}, keepalive: true });
  } catch (error) {
    console.warn("Could not count the ad click", id, error);
  }
}

// ---------------------------------------------------------------- mutations

/* Not retried: a create whose answer was lost would make a second ad, the others answer 404 twice. */
function useAdMutation<TVariables, TResult>(key: string, mutationFn: (v: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [key],
    mutationFn,
    retry: 0,
    onSettled: () => invalidateAds(queryClient),
  });
}

export const useCreateAd = () => useAdMutation("ad-create", createAd);
export const useUpdateAd = () => useAdMutation("ad-update", updateAd);
export const useDeleteAd = () => useAdMutation("ad-delete", deleteAd);
export const useBulkDeleteAds = () => useAdMutation("ads-bulk-delete", bulkDeleteAds);
export const useBulkToggleAds = () => useAdMutation("ads-bulk-toggle", bulkToggleAds);
