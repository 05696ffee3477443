import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Achievement, UserAchievement } from "../../../core/schemas/achievements";
import { apiRequest, getQueryFn } from "../../lib/api-client";

export type { Achievement, UserAchievement };

export const achievementKeys = {
  all: ["/api/achievements"] as const,
  user: ["/api/achievements/user"] as const,
};

/** Every query under /api/achievements: the catalogue (with the member's progress) and the unlocks. */
export function invalidateAchievements(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith("/api/achievements"),
  });
}

// ---------------------------------------------------------------- queries

export const achievementsQueryOptions = queryOptions({
  queryKey: achievementKeys.all,
  queryFn: getQueryFn<Achievement[]>({ on401: "throw" }),
});

/** The catalogue, each badge with the member's current value of its requirement. */
export function useAchievements() {
  return useQuery(achievementsQueryOptions);
}

export const userAchievementsQueryOptions = queryOptions({
  queryKey: achievementKeys.user,
  queryFn: getQueryFn<UserAchievement[]>({ on401: "throw" }),
});

/** The member's unlocks. */
export function useUserAchievements() {
  return useQuery(userAchievementsQueryOptions);
}

// ---------------------------------------------------------------- fetchers

/** Unlocked and not yet viewed; an empty list when nothing is new. */
export function checkAchievements(): Promise<Achievement[]> {
  return apiRequest<Achievement[] | null>("/api/achievements/check", { method: "POST" }).then(
    (items) => items ?? [],
  );
}

export function markAchievementViewed(id: string): Promise<{ message: string }> {
  return apiRequest(`/api/achievements/${encodeURIComponent(id)}/viewed`, { method: "POST" });
}

/** Marks each as viewed; every call is made, and it fails when any of them failed. */
export async function markAchievementsViewed(ids: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(ids.map(markAchievementViewed));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
}

// ---------------------------------------------------------------- mutations

/** Closing the celebration: its badges lose their "new" mark, here and on the Badges page. */
export function useMarkAchievementsViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["achievements-viewed"],
    mutationFn: markAchievementsViewed,
    // A second try of a call that did land only repeats it: harmless, and nothing is lost.
    retry: 1,
    onSettled: () => invalidateAchievements(queryClient),
  });
}
