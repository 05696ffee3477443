import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "../../lib/api-client";
import { useUser } from "../auth/api";

export const adminKeys = {
  check: ["/api/admin/check"] as const,
};

export const adminCheckQueryOptions = queryOptions({
  queryKey: adminKeys.check,
  queryFn: getQueryFn<boolean>({ on401: "returnNull" }),
  staleTime: 60_000,
});

/** Whether the signed-in member is an admin; asked only when signed in (specification 1, section 7). */
export function useAdminCheck(): { isAdmin: boolean; isLoading: boolean } {
  const user = useUser();
  const query = useQuery({ ...adminCheckQueryOptions, enabled: user !== null });
  return { isAdmin: query.data === true, isLoading: user !== null && query.isPending };
}
