import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "../../../core/schemas/auth";
import { apiRequest } from "../../lib/api-client";
import { authKeys } from "../auth/api";

export function createCheckout(): Promise<{ url: string }> {
  return apiRequest<{ url: string }>("/api/subscription/create-checkout", { method: "POST" });
}

export function confirmSubscription(sessionId: string): Promise<{ subscriptionStatus: string }> {
  return apiRequest(`/api/subscription/confirm?session_id=${encodeURIComponent(sessionId)}`);
}

export function cancelSubscription(): Promise<User> {
  return apiRequest<User>("/api/subscription/cancel", { method: "POST" });
}

export function reactivateSubscription(): Promise<User> {
  return apiRequest<User>("/api/subscription/reactivate", { method: "POST" });
}

/** Not retried: a retry after a lost answer would open a second checkout. */
export const createCheckoutMutationOptions = mutationOptions({
  mutationKey: ["create-checkout"],
  mutationFn: createCheckout,
  retry: 0,
});

export function useCreateCheckoutMutation() {
  return useMutation(createCheckoutMutationOptions);
}

function useUserUpdatingMutation(mutationFn: () => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (user) => queryClient.setQueryData(authKeys.user, user),
  });
}

export function useCancelSubscriptionMutation() {
  return useUserUpdatingMutation(cancelSubscription);
}

export function useReactivateSubscriptionMutation() {
  return useUserUpdatingMutation(reactivateSubscription);
}
