import { useState } from "react";
import { useLocation } from "wouter";
import { SUBSCRIPTION_REDIRECT_MS } from "../../../../core/constants";
import { toast } from "../../../components/ui/use-toast";
import { apiRequest } from "../../../lib/api-client";
import { wait } from "../../../lib/utils";
import { authKeys } from "../../auth/api";
import { useJoinCompetition } from "../api";
import {
  CONNECTION_LOST_MESSAGE,
  isSubscriptionRequired,
  JOINED_TOAST,
  joinErrorToast,
} from "../competition-view";

/**
 * The join flow of specification 2 sections 4 and 8: a connectivity check (a read of the current
 * user), then the join; its toasts; a missing subscription goes to /subscribe after 2 s.
 * Resolves true when the member joined.
 */
export function useJoinFlow() {
  const join = useJoinCompetition();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);

  const run = async (competitionId: number): Promise<boolean> => {
    setBusy(true);
    try {
      return await checkThenJoin(competitionId);
    } finally {
      setBusy(false);
    }
  };

  const checkThenJoin = async (competitionId: number): Promise<boolean> => {
    try {
      await apiRequest(authKeys.user[0]);
    } catch {
      toast({ title: "Connection Error", description: CONNECTION_LOST_MESSAGE, variant: "destructive" });
      return false;
    }
    try {
      await join.mutateAsync(competitionId);
      toast(JOINED_TOAST);
      return true;
    } catch (error) {
      toast(joinErrorToast(error));
      if (isSubscriptionRequired(error)) {
        await wait(SUBSCRIPTION_REDIRECT_MS);
        navigate("/subscribe");
      }
      return false;
    }
  };

  return { run, isPending: busy || join.isPending };
}
