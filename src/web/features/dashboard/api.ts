import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { getQueryFn } from "../../lib/api-client";
import { useUser } from "../auth/api";
import { stepKeys, useTodaySteps } from "../steps/api";
import { getStepTracker, useStepTracker } from "../steps/tracker/browser-tracker";

/** GET /api/dashboard/stats (specification 1, section 3 "Dashboard stats"). */
export interface DashboardStats {
  stepGoal: number;
  balance: string;
  totalWinnings: string;
  todaySteps: number;
  offline: boolean;
}

export const dashboardStatsQueryOptions = queryOptions({
  queryKey: stepKeys.dashboardStats,
  queryFn: getQueryFn<DashboardStats>({ on401: "returnNull" }),
});

/** The base dashboard's stats: the generic query behaviour. */
export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions);
}

/** The mobile dashboard's stats: no retry, fresh 30 s, no refetch on focus, refetch on reconnect (section 7). */
export const mobileDashboardStatsQueryOptions = queryOptions({
  ...dashboardStatsQueryOptions,
  retry: false,
  staleTime: 30_000,
  refetchOnWindowFocus: false,
  refetchOnReconnect: true,
});

export function useMobileDashboardStats() {
  return useQuery(mobileDashboardStatsQueryOptions);
}

/**
 * The day's step goal on a dashboard: the stats' figure (read with that dashboard's own options),
 * else the profile's.
 */
export function useStepGoal(
  statsOptions: typeof dashboardStatsQueryOptions | typeof mobileDashboardStatsQueryOptions,
): number | undefined {
  const user = useUser();
  return useQuery(statsOptions).data?.stepGoal ?? user?.stepGoal;
}

/**
 * Today's steps as the member should see them: the server's count (today's steps, else the
 * stats' figure) plus the steps this device counted and has not synced yet.
 */
export function useTodayTotal(statsSteps: number | undefined): number {
  const today = useTodaySteps();
  const { state } = useStepTracker();
  const server = today.data?.steps ?? statsSteps ?? 0;
  return server + state.stepsSinceLastSync;
}

/** Keys the mobile dashboard's refresh invalidates (specification 1, section 4 "Refresh"). */
export function useRefreshDashboard() {
  const queryClient = useQueryClient();
  // The tracker itself, not its state: the button need not re-render with each step counted.
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: stepKeys.dashboardStats }),
      queryClient.invalidateQueries({ queryKey: stepKeys.today }),
      queryClient.invalidateQueries({
        predicate: (q) => {
          const key = q.queryKey[0];
          return (
            typeof key === "string" && (key.includes("/api/competitions") || key.startsWith("/api/groups"))
          );
        },
      }),
    ]);
    await getStepTracker().sync();
  };
}
