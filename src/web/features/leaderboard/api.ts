import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "../../lib/api-client";

/** One member's place on this week's board (GET /api/leaderboard). Ties share a rank. */
export interface LeaderboardEntry {
  rank: number;
  userId: number;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  steps: number;
}

export interface Leaderboard {
  /** The top 50 of this week (each member's own Monday to today), most steps first. */
  entries: LeaderboardEntry[];
  /** The viewer's own place; null when they take no part (no subscription or rules not accepted). */
  me: { rank: number; steps: number } | null;
}

export const leaderboardKeys = {
  week: ["/api/leaderboard"] as const,
};

/** Other members' syncs move the board; a minute keeps it live without polling hard. */
export const LEADERBOARD_REFRESH_MS = 60_000;

export const leaderboardQueryOptions = queryOptions({
  queryKey: leaderboardKeys.week,
  queryFn: getQueryFn<Leaderboard>({ on401: "throw" }),
  refetchInterval: LEADERBOARD_REFRESH_MS,
});

export function useLeaderboard() {
  return useQuery(leaderboardQueryOptions);
}
