import { Users } from "lucide-react";
import type { Group } from "../../../../core/schemas/groups";
import { Avatar, initialsOf } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { useSetMemberRole } from "../api";
import { failureToast } from "../group-view";
import { AdminBadge, CardHeading } from "./group-badges";

export const MEMBERS_CARD_ID = "group-members";

/**
 * Members: avatar, name and an Admin badge. The group's admins make a member an admin (how an
 * only admin hands the role on before leaving) or take the role back from another admin.
 */
export function MembersCard({
  group,
  viewerId,
  canManage,
}: {
  group: Group;
  viewerId: number;
  canManage: boolean;
}) {
  const setRole = useSetMemberRole();
  const change = (userId: number, name: string, role: "admin" | "member") =>
    setRole.mutate(
      { id: group.id, userId, role },
      {
        onSuccess: () =>
          toast({
            title: role === "admin" ? "New Admin" : "Admin Role Removed",
            description:
              role === "admin" ? `${name} is now an admin of ${group.name}.` : `${name} is now a member.`,
            variant: "success",
          }),
        onError: (err) => toast(failureToast("Failed to change the role", err)),
      },
    );

  return (
    <Card id={MEMBERS_CARD_ID} role="region" aria-label="Members" className="scroll-mt-20">
      <CardHeading icon={Users}>Members ({group.memberCount})</CardHeading>
      <CardContent>
        <ul className="grid grid-cols-1 gap-2" aria-label="Group members">
          {group.members.map((m) => {
            const name = `${m.firstName} ${m.lastName}`.trim() || "Member";
            const self = m.userId === viewerId;
            return (
              <li key={m.userId} className="flex items-center gap-3">
                <Avatar imageUrl={m.profileImageUrl} initials={initialsOf(m.firstName, m.lastName, name)} />
                <div className="grid min-w-0 flex-1 justify-items-start gap-0.5">
                  <span className="max-w-full truncate font-semibold text-slate-900">
                    {name}
                    {self ? <span className="ml-1 text-xs font-bold text-emerald-700">(You)</span> : null}
                  </span>
                  {m.role === "admin" ? <AdminBadge /> : null}
                </div>
                {canManage && !self ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="px-2"
                    disabled={setRole.isPending}
                    onClick={() => change(m.userId, name, m.role === "admin" ? "member" : "admin")}
                    aria-label={
                      m.role === "admin" ? `Remove admin role from ${name}` : `Make ${name} an admin`
                    }
                  >
                    {m.role === "admin" ? "Remove Admin" : "Make Admin"}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
