import type { Group } from "../../../../core/schemas/groups";
import { Avatar, initialsOf } from "../../../components/ui/avatar";
import { avatarStack } from "../group-view";

/** A card's first three member avatars, overlapping, then "+N more". */
export function MemberAvatars({ group }: { group: Pick<Group, "members" | "memberCount"> }) {
  const { shown, more } = avatarStack(group.members, group.memberCount);
  return (
    <div className="flex items-center gap-2">
      <ul className="flex -space-x-1.5" aria-label="Members">
        {shown.map((m) => (
          <li key={m.userId} title={`${m.firstName} ${m.lastName}`}>
            <Avatar
              imageUrl={m.profileImageUrl}
              initials={initialsOf(m.firstName, m.lastName, "?")}
              className="size-8 text-xs ring-2 ring-white"
            />
            <span className="sr-only">
              {m.firstName} {m.lastName}
            </span>
          </li>
        ))}
      </ul>
      {more > 0 ? <span className="text-sm font-semibold text-slate-600">+{more} more</span> : null}
    </div>
  );
}
