import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EmailTestResult, EmailTestType, OutboxEmail } from "../../../core/schemas/rewards";
import { apiRequest, getQueryFn } from "../../lib/api-client";

export type { EmailTestResult, EmailTestType, OutboxEmail };

export const emailKeys = {
  outbox: ["/api/admin/emails"] as const,
};

export const outboxQueryOptions = queryOptions({
  queryKey: emailKeys.outbox,
  queryFn: getQueryFn<OutboxEmail[]>({ on401: "throw" }),
});

/** The newest 20 messages of the outbox (admins): what was sent, also without SMTP. */
export function useOutboxEmails() {
  return useQuery(outboxQueryOptions);
}

/** Sends one test email of `type` to the signed-in admin's own address. */
export function sendTestEmail(type: EmailTestType): Promise<EmailTestResult> {
  return apiRequest(`/api/email/test?type=${encodeURIComponent(type)}`, { method: "POST" });
}

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["email-test"],
    mutationFn: sendTestEmail,
    // A lost answer retried would send a second email.
    retry: 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailKeys.outbox }),
  });
}
