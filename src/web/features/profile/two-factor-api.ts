import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  RecoveryCodes,
  SecondFactorInput,
  TwoFactorSetup,
  TwoFactorStatus,
} from "../../../core/schemas/two-factor";
import { apiRequest, getQueryFn } from "../../lib/api-client";
import { authKeys } from "../auth/api";

export const twoFactorKeys = {
  status: ["/api/user/two-factor"] as const,
};

export const twoFactorStatusQueryOptions = queryOptions({
  queryKey: twoFactorKeys.status,
  queryFn: getQueryFn<TwoFactorStatus>({ on401: "throw" }),
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions);
}

export const startTwoFactorSetup = () =>
  apiRequest<TwoFactorSetup>("/api/user/two-factor/setup", { method: "POST" });

export const confirmTwoFactor = (body: { code: string }) =>
  apiRequest<RecoveryCodes>("/api/user/two-factor/confirm", { method: "POST", body });

export const disableTwoFactor = (body: SecondFactorInput) =>
  apiRequest<{ message: string }>("/api/user/two-factor/disable", { method: "POST", body });

export const renewRecoveryCodes = (body: { code: string }) =>
  apiRequest<RecoveryCodes>("/api/user/two-factor/recovery-codes", { method: "POST", body });

/*
 * Never retried: a code is spent by its first use, so a retry would be refused as reused. Each
 * change reads the status and the current user again (twoFactorEnabled).
 */
function useTwoFactorChange<V, R>(mutationKey: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [mutationKey],
    mutationFn,
    retry: 0,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
        queryClient.invalidateQueries({ queryKey: authKeys.user }),
      ]),
  });
}

export const useStartTwoFactorSetup = () => useTwoFactorChange("two-factor-setup", startTwoFactorSetup);
export const useConfirmTwoFactor = () => useTwoFactorChange("two-factor-confirm", confirmTwoFactor);
export const useDisableTwoFactor = () => useTwoFactorChange("two-factor-disable", disableTwoFactor);
export const useRenewRecoveryCodes = () =>
  useTwoFactorChange("two-factor-recovery-codes", renewRecoveryCodes);
