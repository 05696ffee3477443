import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "../../../core/schemas/auth";
import { apiRequest } from "../../lib/api-client";
import { authKeys } from "../auth/api";

export function acceptRules(): Promise<User> {
  return apiRequest<User>("/api/accept-rules", { method: "POST" });
}

/** Accepting refreshes the user record (specification 3, section 4). */
export function useAcceptRulesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptRules,
    onSuccess: async (user) => {
      queryClient.setQueryData(authKeys.user, user);
      await queryClient.invalidateQueries({ queryKey: authKeys.user });
    },
  });
}
