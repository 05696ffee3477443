import { Coins, LogOut, Mail, Pencil, Plus, Share2, Trash2, UserPlus } from "lucide-react";
import { Link } from "wouter";
import type { Group } from "../../../../core/schemas/groups";
import { Button } from "../../../components/ui/button";
import { GroupBadges } from "./group-badges";

export type GroupDialog =
  | "entryPrice"
  | "edit"
  | "nextRound"
  | "delete"
  | "leave"
  | "share"
  | "email"
  | "contribute";

/**
 * The detail page's header (specification 2 section 2): members badge, Private badge, name,
 * description; Set Entry Price, Edit Group and Delete Group for its admins; Leave, Share link,
 * Email invite and Contribute to Pool for every member; Join Group for a visitor of a public group.
 */
export function GroupHeader({
  group,
  canManage,
  onOpen,
}: {
  group: Group;
  canManage: boolean;
  onOpen: (dialog: GroupDialog) => void;
}) {
  const member = group.role !== null;
  return (
    <header className="grid gap-4">
      <div className="grid gap-2">
        <GroupBadges memberCount={group.memberCount} isPrivate={group.isPrivate} />
        <h1 className="text-2xl font-extrabold tracking-tight break-words text-slate-900 md:text-3xl">
          {group.name}
        </h1>
        <p className="text-slate-600">{group.description || "No description"}</p>
      </div>
      {canManage ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => onOpen("entryPrice")}>
            <Coins aria-hidden="true" /> Set Entry Price
          </Button>
          <Button variant="outline" size="sm" onClick={() => onOpen("edit")}>
            <Pencil aria-hidden="true" /> Edit Group
          </Button>
          <Button variant="outline" size="sm" className="text-red-700" onClick={() => onOpen("delete")}>
            <Trash2 aria-hidden="true" /> Delete Group
          </Button>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {member ? (
          <>
            <Button size="sm" onClick={() => onOpen("contribute")}>
              <Plus aria-hidden="true" /> Contribute to Pool
            </Button>
            <Button variant="outline" size="sm" onClick={() => onOpen("share")}>
              <Share2 aria-hidden="true" /> Share link
            </Button>
            <Button variant="outline" size="sm" onClick={() => onOpen("email")}>
              <Mail aria-hidden="true" /> Email invite
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onOpen("leave")}>
              <LogOut aria-hidden="true" /> Leave
            </Button>
          </>
        ) : (
          <>
            <Button asChild size="sm">
              <Link href={`/groups/join/${encodeURIComponent(group.inviteCode)}`}>
                <UserPlus aria-hidden="true" /> Join Group
              </Link>
            </Button>
            <Button variant="outline" size="sm" onClick={() => onOpen("share")}>
              <Share2 aria-hidden="true" /> Share link
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
