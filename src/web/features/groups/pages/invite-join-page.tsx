import { type ReactNode, useEffect } from "react";
import { useLocation } from "wouter";
import { hasActiveSubscription } from "../../../app/access-rules";
import type { PageProps } from "../../../app/pages";
import { ListError, ListLoading } from "../../../components/layout/list-page";
import { useUser } from "../../auth/api";
import { useGroupInfo, useGroupPreview } from "../api";
import { InviteJoinCard } from "../components/invite-join-card";
import {
  AlreadyMember,
  EndedInvite,
  InvalidInvite,
  InviteFrame,
  JoinedInvite,
  MarketingInvite,
} from "../components/invite-views";
import { canAfford } from "../group-view";
import { useInviteJoin } from "../hooks/use-invite-join";
import { forgetGroupInvite } from "../pending-invite";

/**
 * /join/{code} and /groups/join/{code}, whatever the login state (specification 1 section 2.1
 * rule 4; specification 2 sections 2 and 4): loading, invalid, ended, a visitor's invitation,
 * already a member, the join card, then Successfully Joined!. The code was kept on arrival.
 */
export function InviteJoinPage({ params }: PageProps) {
  const user = useUser();
  const [, navigate] = useLocation();
  const code = params.inviteCode ?? "";
  const subscribed = user !== null && hasActiveSubscription(user);
  const inShell = subscribed && user?.rulesAccepted === true;
  const info = useGroupInfo(code);
  const preview = useGroupPreview(code, user !== null);
  const flow = useInviteJoin(code);

  const invalid = info.data === null || (user !== null && preview.data === null);
  const ended = info.data?.competitionEnded === true;
  const member = preview.data?.isMember === true;
  const settled = invalid || (ended && !flow.joined) || member;
  useEffect(() => {
    // The kept code has nothing more to do: the group is gone, over, or already joined.
    if (settled) void forgetGroupInvite(code);
  }, [settled, code]);

  let content: ReactNode;
  if (flow.joined) {
    content = <JoinedInvite name={flow.joined.name} />;
  } else if (info.isPending || (user !== null && preview.isPending)) {
    content = <ListLoading label="Loading invite" />;
  } else if (info.isError || preview.isError) {
    content = (
      <ListError
        message="Could not load this invite."
        onRetry={() => void Promise.all([info.refetch(), preview.refetch()])}
      />
    );
  } else if (invalid || !info.data) {
    content = <InvalidInvite signedIn={user !== null} />;
  } else if (ended) {
    content = <EndedInvite info={info.data} signedIn={user !== null} />;
  } else if (!user || !preview.data) {
    content = <MarketingInvite info={info.data} inviteCode={code} />;
  } else if (member) {
    content = <AlreadyMember groupId={preview.data.id} name={preview.data.name} />;
  } else {
    content = (
      <InviteJoinCard
        preview={preview.data}
        fitcoins={user.fitcoins}
        subscribed={subscribed}
        affordable={canAfford(user.fitcoins, preview.data.poolEntryPrice)}
        pending={flow.pending}
        onJoin={() => void flow.run()}
        onSubscribe={() => void flow.goSubscribe()}
        onCancel={() => {
          void forgetGroupInvite(code);
          navigate(inShell ? "/groups" : "/");
        }}
      />
    );
  }

  return <InviteFrame inShell={inShell}>{content}</InviteFrame>;
}
