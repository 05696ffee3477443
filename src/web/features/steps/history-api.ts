import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";

/** One of the member's own local days (GET /api/steps/history): oldest first, zero-filled. */
export interface StepHistoryDay {
  /** "YYYY-MM-DD" in the member's time zone; the last entry is their today. */
  date: string;
  steps: number;
  /** With a watch connected (issue 33): each source's steps that day; `steps` is what counted. */
  sources?: { source: string; steps: number }[];
}

export type HistoryDays = 7 | 30;

/** Both periods share the first key part, so one invalidation after a sync refreshes them all. */
export const stepHistoryKeys = {
  all: ["/api/steps/history"] as const,
  days: (days: HistoryDays) => ["/api/steps/history", { days }] as const,
};

export function fetchStepHistory(days: HistoryDays, signal?: AbortSignal): Promise<StepHistoryDay[]> {
  return apiRequest<StepHistoryDay[]>(`/api/steps/history?days=${days}`, { signal });
}

export function stepHistoryQueryOptions(days: HistoryDays) {
  return queryOptions({
    queryKey: stepHistoryKeys.days(days),
    queryFn: ({ signal }) => fetchStepHistory(days, signal),
  });
}

/** The member's steps per local day for the last 7 or 30 days. */
export function useStepHistory(days: HistoryDays = 7) {
  return useQuery(stepHistoryQueryOptions(days));
}
