import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StepSourcesOverview } from "../../../core/schemas/step-sources";
import { stepSourceName } from "../../../core/step-sources";
import { apiRequest, getQueryFn } from "../../lib/api-client";
import { formatAgo } from "../../lib/format";
import { stepKeys } from "../steps/api";

// A member's watches and trackers (issue 33): GET /api/step-sources, connect (to the vendor's
// consent page and back) and disconnect.

export const stepSourceKeys = { overview: ["/api/step-sources"] as const };

export const stepSourcesQueryOptions = queryOptions({
  queryKey: stepSourceKeys.overview,
  queryFn: getQueryFn<StepSourcesOverview>({ on401: "throw" }),
  // With a watch connected, an import lands within a minute of its webhook: shown without a reload.
  refetchInterval: (query) => (query.state.data?.connections.length ? 60_000 : false),
});

export function useStepSources() {
  return useQuery(stepSourcesQueryOptions);
}

/** Sends the member to the vendor's consent page; they come back to `returnTo`. */
export function useConnectStepSource() {
  return useMutation({
    mutationKey: ["connect-step-source"],
    retry: 0,
    mutationFn: async ({ vendor, returnTo }: { vendor: string; returnTo: string }) => {
      const { url } = await apiRequest<{ url: string }>(`/api/step-sources/${vendor}/connect`, {
        method: "POST",
        body: { returnTo },
      });
      window.location.assign(url);
    },
  });
}

export function useDisconnectStepSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["disconnect-step-source"],
    retry: 0,
    mutationFn: (vendor: string) =>
      apiRequest<{ message: string }>(`/api/step-sources/${vendor}`, { method: "DELETE" }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stepSourceKeys.overview }),
        queryClient.invalidateQueries({ queryKey: stepKeys.today }),
      ]),
  });
}

/** "last synced 5m ago", or "first sync on its way" before the first import: one connection's sync. */
export function lastSyncText(connection: { lastSyncAt: string | null }): string {
  return connection.lastSyncAt
    ? `last synced ${formatAgo(connection.lastSyncAt).toLowerCase()}`
    : "first sync on its way";
}

/** What the vendor's redirect back says (`?stepSource=withings&result=connected`), in words. */
export function connectOutcome(search: string) {
  const params = new URLSearchParams(search);
  const vendor = params.get("stepSource");
  const result = params.get("result");
  if (!vendor || !result) return null;
  const name = stepSourceName(vendor);
  const outcomes: Record<string, { title: string; description: string; ok: boolean }> = {
    connected: {
      title: `${name} Connected`,
      description: `Steps from your ${name} account count from now on, with the last week's. They appear within a few minutes.`,
      ok: true,
    },
    denied: {
      title: "Not Connected",
      description: `${name} was not connected: access was not allowed.`,
      ok: false,
    },
    expired: {
      title: "Not Connected",
      description: `That ${name} connection took too long or was started elsewhere. Please try again.`,
      ok: false,
    },
    failed: {
      title: "Not Connected",
      description: `${name} could not be reached. Please try again.`,
      ok: false,
    },
    taken: {
      title: "Not Connected",
      description: `That ${name} account is already connected to another StepRace member.`,
      ok: false,
    },
  };
  return outcomes[result] ?? null;
}
