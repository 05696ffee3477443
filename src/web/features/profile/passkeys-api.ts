import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Passkey } from "../../../core/schemas/passkeys";
import { apiRequest, getQueryFn } from "../../lib/api-client";
import { addPasskey } from "../auth/passkey-ceremony";

export const passkeyKeys = { all: ["/api/user/passkeys"] as const };

export const passkeysQueryOptions = queryOptions({
  queryKey: passkeyKeys.all,
  queryFn: getQueryFn<Passkey[]>({ on401: "throw" }),
});

export function usePasskeys() {
  return useQuery(passkeysQueryOptions);
}

export function removePasskey(id: number): Promise<{ message: string }> {
  return apiRequest(`/api/user/passkeys/${id}`, { method: "DELETE" });
}

/* Not retried: each try is a new prompt on the member's device, and a removal is done once. */
function usePasskeysChange<V, R>(mutationKey: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [mutationKey],
    mutationFn,
    retry: 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

export const useAddPasskey = () => usePasskeysChange("add-passkey", addPasskey);
export const useRemovePasskey = () => usePasskeysChange("remove-passkey", removePasskey);
