import { useMutation } from "@tanstack/react-query";
import type { User } from "../../../core/schemas/auth";
import { apiRequest } from "../../lib/api-client";

export function acceptRules(): Promise<User> {
  return apiRequest<User>("/api/accept-rules", { method: "POST" });
}

/**
 * The caller stores the returned user when it redirects: changing the session earlier would let
 * the access gate swap the screen under the confirmation (the rules screen may be shown at any path).
 */
export function useAcceptRulesMutation() {
  return useMutation({ mutationFn: acceptRules });
}
