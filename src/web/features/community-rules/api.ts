import { mutationOptions, useMutation } from "@tanstack/react-query";
import type { User } from "../../../core/schemas/auth";
import { apiRequest } from "../../lib/api-client";

export function acceptRules(): Promise<User> {
  return apiRequest<User>("/api/accept-rules", { method: "POST" });
}

/** Not retried: the client's one default mutation retry would send the acceptance twice. */
export const acceptRulesMutationOptions = mutationOptions({
  mutationKey: ["accept-rules"],
  mutationFn: acceptRules,
  retry: 0,
});

/**
 * The caller stores the returned user when it redirects: changing the session earlier would let
 * the access gate swap the screen under the confirmation (the rules screen may be shown at any path).
 */
export function useAcceptRulesMutation() {
  return useMutation(acceptRulesMutationOptions);
}
