import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Ban, Flag, Trash2 } from "lucide-react";
import { MenuPopup } from "../../../components/ui/dropdown-menu";
import type { LoadedMenuProps } from "../../../components/ui/lazy-menu";
import { cn } from "../../../lib/utils";
import {
  ChatMessageMenuFace,
  type ChatMessageMenuProps,
  chatMessageMenuLabel,
  chatMessageTriggerClass,
  type MemberNameMenuProps,
  memberNameMenuLabel,
  memberNameTriggerClass,
} from "./member-menus";

const contentClass =
  "z-50 min-w-48 rounded-xl border border-slate-200 bg-white p-1.5 text-slate-800 shadow-xl anim-fade-in";
const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2.5 text-sm font-medium outline-none select-none data-[highlighted]:bg-slate-100 [&_svg]:size-4";
const dangerItemClass = cn(itemClass, "text-red-700 data-[highlighted]:bg-red-50");

/*
 * The menus are not modal: a dialog opened from one of their items then takes the focus and the
 * pointer itself (a modal menu closing under an opening dialog leaves the page unclickable).
 */

/** A member name's menu itself (`MemberNameMenu` loads it): Report and Block. */
export function MemberNameMenuPopup({
  member,
  children,
  className,
  onChoose,
  ...opening
}: MemberNameMenuProps & LoadedMenuProps) {
  return (
    <MenuPopup
      face={children}
      triggerClassName={memberNameTriggerClass(className)}
      triggerLabel={memberNameMenuLabel(member.name)}
      align="start"
      sideOffset={6}
      modal={false}
      contentClassName={contentClass}
      {...opening}
    >
      <DropdownMenu.Label className="truncate px-3 py-1.5 text-xs font-bold text-slate-600">
        {member.name}
      </DropdownMenu.Label>
      <DropdownMenu.Item className={itemClass} onSelect={() => onChoose("report")}>
        <Flag aria-hidden="true" /> Report {member.name}
      </DropdownMenu.Item>
      <DropdownMenu.Item className={dangerItemClass} onSelect={() => onChoose("block")}>
        <Ban aria-hidden="true" /> Block {member.name}
      </DropdownMenu.Item>
    </MenuPopup>
  );
}

/** A chat message's menu itself (`ChatMessageMenu` loads it). */
export function ChatMessageMenuPopup({
  author,
  own,
  canDelete,
  className,
  onChoose,
  ...opening
}: ChatMessageMenuProps & LoadedMenuProps) {
  return (
    <MenuPopup
      face={<ChatMessageMenuFace />}
      triggerClassName={chatMessageTriggerClass(className)}
      triggerLabel={chatMessageMenuLabel(own, author.name)}
      align={own ? "end" : "start"}
      sideOffset={4}
      modal={false}
      contentClassName={contentClass}
      {...opening}
    >
      {own ? null : (
        <>
          <DropdownMenu.Item className={itemClass} onSelect={() => onChoose("report")}>
            <Flag aria-hidden="true" /> Report message
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => onChoose("block")}>
            <Ban aria-hidden="true" /> Block {author.name}
          </DropdownMenu.Item>
        </>
      )}
      {canDelete ? (
        <DropdownMenu.Item className={dangerItemClass} onSelect={() => onChoose("delete")}>
          <Trash2 aria-hidden="true" /> Delete message
        </DropdownMenu.Item>
      ) : null}
    </MenuPopup>
  );
}
