// The admin's Finance page (issue 23): the figures of a range, the ledger's CSV and the global
// reconciliation's runs.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { FinanceSummary, ReconciliationRunsPage } from "../../../core/schemas/finance";
import { apiRequest, errorFor } from "../../lib/api-client";
import { getDeviceFingerprint } from "../../lib/device-fingerprint";
import { reconciliationRunsKey } from "./api";

export type RangeInstants = { from: string; to: string };

export const financeKeys = {
  all: ["/api/admin/finance"] as const,
  summary: (range: RangeInstants) => [...financeKeys.all, range.from, range.to] as const,
  runs: reconciliationRunsKey,
};

const rangeQuery = (range: RangeInstants) => new URLSearchParams(range).toString();

export function fetchFinance(range: RangeInstants, signal?: AbortSignal) {
  return apiRequest<FinanceSummary>(`/api/admin/finance?${rangeQuery(range)}`, { signal });
}

/** The figures of [from, to); asked only for a valid range. */
export function useFinanceSummary(range: RangeInstants | null) {
  return useQuery({
    queryKey: range ? financeKeys.summary(range) : [...financeKeys.all, "none"],
    queryFn: ({ signal }) => fetchFinance(range as RangeInstants, signal),
    enabled: range !== null,
  });
}

export const RUNS_PAGE_SIZE = 10;

/** The reconciliation runs, newest first, ten at a time ("Load more" asks for older ones). */
export function useReconciliationRuns() {
  return useInfiniteQuery({
    queryKey: financeKeys.runs,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ReconciliationRunsPage>(
        `/api/admin/reconciliation-runs?limit=${RUNS_PAGE_SIZE}${pageParam === null ? "" : `&cursor=${pageParam}`}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const transfersCsvUrl = (range: RangeInstants) =>
  `/api/admin/finance/transfers.csv?${rangeQuery(range)}`;

/**
 * Downloads the ledger's CSV. The API wants the device header on every request, which a plain
 * link cannot send, so the file is fetched and handed to the browser as a download. What that
 * limits: the server streams, but the browser holds the whole file in memory (the blob) before it
 * is saved, shows no progress meanwhile, and a closed tab loses it. A year of a busy ledger is tens
 * of megabytes, which a browser holds; for much more, a signed one-time download link (a plain
 * link the browser streams to disk) would be the next step.
 */
export async function downloadTransfersCsv(range: RangeInstants): Promise<void> {
  const response = await fetch(transfersCsvUrl(range), {
    credentials: "include",
    headers: { Accept: "text/csv", "X-Device-Fingerprint": getDeviceFingerprint() },
  });
  if (!response.ok) throw errorFor(response, await response.text());
  const disposition = response.headers.get("content-disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "ledger-transfers.csv";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the object URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
