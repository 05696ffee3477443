import { useState } from "react";
import { useLocation } from "wouter";
import { INVITE_REDIRECT_MS, INVITE_SUBSCRIBE_REDIRECT_MS } from "../../../../core/constants";
import { toast } from "../../../components/ui/use-toast";
import { wait } from "../../../lib/utils";
import { type Group, useJoinGroup } from "../api";
import { joinFailure } from "../group-view";
import { forgetGroupInvite } from "../pending-invite";

const SUBSCRIPTION_TOAST = joinFailure(new Error("SUBSCRIPTION_REQUIRED")).toast;

/**
 * The invite page's join (specification 2 sections 4 and 8): ready, pending, then success (the
 * kept code forgotten, the group opened after 2 s) or a failure's toast; a missing subscription
 * goes to /subscribe after 1.5 s with the code kept, an ended competition home after 2 s.
 */
export function useInviteJoin(inviteCode: string) {
  const join = useJoinGroup();
  const [, navigate] = useLocation();
  const [joined, setJoined] = useState<Group | null>(null);
  const [leaving, setLeaving] = useState(false);

  const goSubscribe = async () => {
    setLeaving(true);
    toast(SUBSCRIPTION_TOAST);
    await wait(INVITE_SUBSCRIBE_REDIRECT_MS);
    navigate("/subscribe");
  };

  const run = async () => {
    try {
      const group = await join.mutateAsync(inviteCode);
      setJoined(group);
      void forgetGroupInvite(inviteCode);
      await wait(INVITE_REDIRECT_MS);
      navigate(`/groups/${group.id}`);
    } catch (error) {
      const failure = joinFailure(error);
      if (failure.kind === "subscription") return goSubscribe();
      toast(failure.toast);
      if (failure.kind === "ended") {
        setLeaving(true);
        void forgetGroupInvite(inviteCode);
        await wait(INVITE_REDIRECT_MS);
        navigate("/");
      }
    }
  };

  return { run, goSubscribe, joined, pending: join.isPending || leaving };
}
