import { ArrowLeft, LogIn, SearchX, Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useLocation } from "wouter";
import type { PageProps } from "../../../app/pages";
import { BelowFirstView } from "../../../components/layout/below-first-view";
import { ListLoading } from "../../../components/layout/list-page";
import { EmptyState } from "../../../components/layout/page";
import { LazyConfirmDialog, LazyNoticeDialog } from "../../../components/lazy-dialogs";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { ApiError } from "../../../lib/api-client";
import { useMediaQuery, WIDE_MEDIA } from "../../../lib/device";
import { pathId } from "../../../lib/path-id";
import { useIsAdmin } from "../../admin/api";
import { AdSlot } from "../../ads";
import { type User, useUser } from "../../auth/api";
import { type Group, useDeleteGroup, useGroup } from "../api";
import { GroupChat } from "../components/group-chat";
import { GroupCompetitionCard } from "../components/group-competition-card";
import {
  ContributeDialog,
  EditGroupDialog,
  EmailInviteDialog,
  EntryPriceDialog,
  LeaveGroupDialog,
  ShareGroupDialog,
} from "../components/group-dialogs";
import { type GroupDialog, GroupHeader } from "../components/group-header";
import { MEMBERS_CARD_ID, MembersCard } from "../components/members-card";
import { MoneyPoolCard } from "../components/money-pool-card";
import { NextRoundPrompt } from "../components/next-round-prompt";
import { PastRoundsCard } from "../components/past-rounds-card";
import { GroupInfoCard, QuickActions } from "../components/side-cards";
import {
  canManageGroup,
  deleteRefusal,
  failureToast,
  GROUP_NOT_FOUND_TEXT,
  startCompetitionAction,
} from "../group-view";

const backToGroups = (
  <Button asChild variant="outline">
    <Link href="/groups">Back to Groups</Link>
  </Button>
);

function AuthenticationRequired() {
  return (
    <EmptyState
      icon={LogIn}
      title="Authentication Required"
      action={
        <Button asChild>
          <Link href="/login">Go to Login</Link>
        </Button>
      }
    >
      Please log in to view this group.
    </EmptyState>
  );
}

function DeleteGroupDialog({ group, user, onClose }: { group: Group; user: User; onClose: () => void }) {
  const remove = useDeleteGroup();
  const [, navigate] = useLocation();
  const refusal = deleteRefusal(group, new Date(), user.timeZone);
  if (refusal) {
    return (
      <LazyNoticeDialog title="Delete Group" onClose={onClose}>
        {refusal}
      </LazyNoticeDialog>
    );
  }
  const onConfirm = () =>
    remove.mutate(group.id, {
      onSuccess: (result) => {
        toast({ title: "Group Deleted", description: result.message, variant: "success" });
        navigate("/groups");
      },
      onError: (err) => toast(failureToast("Failed to delete group", err)),
    });
  return (
    <LazyConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${group.name}?`}
      description="The group, its pool and its chat are removed for everyone. Every member gets back what the pool holds of what they paid in."
      confirmLabel="Delete Group"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      destructive
      onConfirm={onConfirm}
    />
  );
}

/** The full view: header and actions, competition, pool, members, quick actions, info, chat. */
function GroupView({ group, user, isAdmin }: { group: Group; user: User; isAdmin: boolean }) {
  const [dialog, setDialog] = useState<GroupDialog | null>(null);
  const [chatOpen, setChatOpen] = useState(false);
  const wide = useMediaQuery(WIDE_MEDIA);
  const member = group.role !== null;
  const canManage = canManageGroup(group, { id: user.id, isAdmin });
  const start = startCompetitionAction(group, canManage);
  const close = () => setDialog(null);
  const chooseAdmin = () => {
    close();
    document.getElementById(MEMBERS_CARD_ID)?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <GroupHeader group={group} canManage={canManage} onOpen={setDialog} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="grid grid-cols-1 gap-6 lg:col-span-2">
          {canManage ? <NextRoundPrompt group={group} onSchedule={() => setDialog("nextRound")} /> : null}
          <GroupCompetitionCard group={group} viewerId={user.id} canManage={canManage} />
          <MoneyPoolCard group={group} onContribute={member ? () => setDialog("contribute") : null} />
          {/* A phone shows the group's header, round and pool first: the rest follows once painted. */}
          <BelowFirstView>
            <PastRoundsCard groupId={group.id} viewerId={user.id} />
          </BelowFirstView>
        </div>
        <div className="grid grid-cols-1 gap-6">
          <BelowFirstView>
            <QuickActions
              chatOpen={chatOpen}
              onToggleChat={member ? () => setChatOpen((o) => !o) : null}
              onStartCompetition={start === "view" ? null : () => setDialog(start)}
            />
            {member && chatOpen ? (
              <GroupChat groupId={group.id} name={group.name} viewerId={user.id} />
            ) : null}
            <MembersCard group={group} viewerId={user.id} canManage={canManage} />
            <GroupInfoCard group={group} />
            {/* The 'sidebar' placement: this side column, where it is one (laptop width). */}
            {wide ? <AdSlot placement="sidebar" /> : null}
          </BelowFirstView>
        </div>
      </div>
      {dialog === "entryPrice" ? <EntryPriceDialog group={group} onClose={close} /> : null}
      {dialog === "edit" ? <EditGroupDialog group={group} onClose={close} /> : null}
      {dialog === "nextRound" ? <EditGroupDialog group={group} onClose={close} nextRound /> : null}
      {dialog === "delete" ? <DeleteGroupDialog group={group} user={user} onClose={close} /> : null}
      {dialog === "leave" ? (
        <LeaveGroupDialog group={group} onClose={close} onChooseAdmin={chooseAdmin} />
      ) : null}
      {dialog === "email" ? <EmailInviteDialog group={group} onClose={close} /> : null}
      {dialog === "contribute" ? (
        <ContributeDialog group={group} fitcoins={user.fitcoins} onClose={close} />
      ) : null}
      <ShareGroupDialog
        group={group}
        linkForm="short"
        canRenew={canManage}
        open={dialog === "share"}
        onOpenChange={(open) => setDialog(open ? "share" : null)}
      />
    </div>
  );
}

/** /groups/{id} (specification 2 section 2): every state of the group detail. */
export function GroupDetailPage({ params }: PageProps) {
  const user = useUser();
  const isAdmin = useIsAdmin();
  const pathGroup = pathId(params.id);
  const valid = pathGroup !== null;
  const id = pathGroup ?? 0;
  const group = useGroup(id, user !== null && valid);

  let content: ReactNode;
  if (!user || (group.error instanceof ApiError && group.error.status === 401)) {
    content = <AuthenticationRequired />;
  } else if (valid && group.isPending) {
    content = <ListLoading label="Loading group" />;
  } else if (!valid || group.isError) {
    content = (
      <EmptyState icon={SearchX} title="Group Not Found" action={backToGroups}>
        {GROUP_NOT_FOUND_TEXT}
      </EmptyState>
    );
  } else if (!group.data) {
    content = <EmptyState icon={Users} title="No group data available." action={backToGroups} />;
  } else {
    content = <GroupView group={group.data} user={user} isAdmin={isAdmin} />;
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <Link
        href="/groups"
        className="inline-flex w-fit items-center gap-1 rounded-lg text-sm font-semibold text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Groups
      </Link>
      {content}
    </div>
  );
}
