// The admin audit log (GET /api/admin/audit-log): newest first, paged by cursor ("Load more").
import { useInfiniteQuery } from "@tanstack/react-query";
import type { AuditPage } from "../../../core/schemas/audit";
import { apiRequest } from "../../lib/api-client";

export const auditLogKey = ["/api/admin/audit-log"] as const;

export function fetchAuditPage(query: URLSearchParams, cursor: number | null, signal?: AbortSignal) {
  const q = new URLSearchParams(query);
  if (cursor !== null) q.set("cursor", String(cursor));
  return apiRequest<AuditPage>(`/api/admin/audit-log?${q}`, { signal });
}

/** Pages of the log for one query string; each page's `nextCursor` fetches the next (older) one. */
export function useAuditLog(query: URLSearchParams) {
  const text = query.toString();
  return useInfiniteQuery({
    queryKey: [...auditLogKey, text],
    queryFn: ({ pageParam, signal }) => fetchAuditPage(new URLSearchParams(text), pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
