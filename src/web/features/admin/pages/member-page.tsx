import { useState } from "react";
import type { PageProps } from "../../../app/pages";
import { PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { useTimeZone } from "../../auth/use-time-zone";
import { AdminGuard } from "../components/admin-guard";
import { BanDialog, type BanTarget } from "../components/member/ban-dialog";
import {
  MemberAuditCard,
  MemberLedgerCard,
  MemberReconcileCard,
} from "../components/member/member-history-cards";
import { MemberActivityCards, MemberSafetyCards } from "../components/member/member-lists-card";
import { MemberSessionsCard } from "../components/member/member-sessions-card";
import { MemberSummaryCard } from "../components/member/member-summary-card";
import { useMemberDetail, useUnbanMember } from "../member-api";

function MemberPageContent({ id }: { id: number }) {
  const member = useMemberDetail(id);
  const unban = useUnbanMember();
  const timeZone = useTimeZone();
  const [banTarget, setBanTarget] = useState<BanTarget | null>(null);
  if (member.isPending) return <Spinner label="Loading member" />;
  if (member.isError || !member.data) {
    return (
      <div role="alert" className="grid justify-items-start gap-3">
        <p>{errorMessage(member.error, "Could not load this member.")}</p>
        <Button variant="outline" onClick={() => member.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const m = member.data;
  const lift = () =>
    unban.mutate(
      { id },
      {
        onSuccess: (r) => toast({ title: "Ban Lifted", description: r.message }),
        onError: (e) =>
          toast({
            title: "Unban Failed",
            description: errorMessage(e, "Could not lift the ban."),
            variant: "destructive",
          }),
      },
    );
  return (
    <>
      <PageHeader
        title={`@${m.profile.username}`}
        description={`${m.profile.firstName} ${m.profile.lastName} · member #${m.profile.id}`}
        backHref="/admin"
        backLabel="Admin Panel"
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <MemberSummaryCard
          member={m}
          timeZone={timeZone}
          onBan={() => setBanTarget({ id, username: m.profile.username })}
          onUnban={lift}
        />
        <MemberSessionsCard member={m} timeZone={timeZone} />
        <MemberLedgerCard id={id} username={m.profile.username} timeZone={timeZone} />
        <MemberActivityCards member={m} timeZone={timeZone} />
        <MemberSafetyCards member={m} timeZone={timeZone} />
        <MemberReconcileCard id={id} username={m.profile.username} />
        <MemberAuditCard id={id} timeZone={timeZone} />
      </div>
      <BanDialog target={banTarget} onClose={() => setBanTarget(null)} />
    </>
  );
}

/** /admin/users/:id: one member, for support and moderation (admins only). */
export function MemberPage({ params }: PageProps) {
  const id = Number(params.id);
  return (
    <AdminGuard>
      {Number.isInteger(id) && id > 0 ? <MemberPageContent id={id} /> : <p role="alert">No such member.</p>}
    </AdminGuard>
  );
}
