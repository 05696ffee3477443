import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Ban, Flag, MoreVertical, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { DropdownMenuPortal, DropdownMenuRoot } from "../../../components/ui/dropdown-menu";
import { lazyDialog } from "../../../components/ui/lazy-dialog";
import { cn } from "../../../lib/utils";
import type { NamedMember } from "./member-safety-dialogs";

// The block, report and delete forms: opened from a name or a message, not part of the first
// load of the standings and chats that show these menus.
const BlockMemberDialog = lazyDialog(async () => (await import("./member-safety-dialogs")).BlockMemberDialog);
const ReportMemberDialog = lazyDialog(
  async () => (await import("./member-safety-dialogs")).ReportMemberDialog,
);
const DeleteMessageDialog = lazyDialog(
  async () => (await import("./member-safety-dialogs")).DeleteMessageDialog,
);

export type { NamedMember };

const contentClass =
  "z-50 min-w-48 rounded-xl border border-slate-200 bg-white p-1.5 text-slate-800 shadow-xl anim-fade-in";
const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2.5 text-sm font-medium outline-none select-none data-[highlighted]:bg-slate-100 [&_svg]:size-4";
const dangerItemClass = cn(itemClass, "text-red-700 data-[highlighted]:bg-red-50");

type Open = "block" | "report" | "delete" | null;

/*
 * The menus are not modal: a dialog opened from one of their items then takes the focus and the
 * pointer itself (a modal menu closing under an opening dialog leaves the page unclickable).
 */

/**
 * A member's name that opens Block and Report (DESIGN 1, blocking and reports): in a chat and in
 * the standings lists. `children` is the name as shown.
 */
export function MemberNameMenu({
  member,
  children,
  className,
}: {
  member: NamedMember;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState<Open>(null);
  return (
    <>
      <DropdownMenuRoot modal={false}>
        <DropdownMenu.Trigger
          className={cn(
            "max-w-full truncate rounded text-left font-semibold underline decoration-slate-300 decoration-dotted underline-offset-2 outline-none hover:decoration-solid focus-visible:ring-2 focus-visible:ring-emerald-600",
            className,
          )}
          aria-label={`${member.name}: block or report`}
        >
          {children}
        </DropdownMenu.Trigger>
        <DropdownMenuPortal>
          <DropdownMenu.Content align="start" sideOffset={6} className={contentClass}>
            <DropdownMenu.Label className="truncate px-3 py-1.5 text-xs font-bold text-slate-600">
              {member.name}
            </DropdownMenu.Label>
            <DropdownMenu.Item className={itemClass} onSelect={() => setOpen("report")}>
              <Flag aria-hidden="true" /> Report {member.name}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={dangerItemClass} onSelect={() => setOpen("block")}>
              <Ban aria-hidden="true" /> Block {member.name}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenuPortal>
      </DropdownMenuRoot>
      {open === "report" ? (
        <ReportMemberDialog member={member} open onOpenChange={(next) => setOpen(next ? "report" : null)} />
      ) : null}
      {open === "block" ? (
        <BlockMemberDialog member={member} open onOpenChange={(next) => setOpen(next ? "block" : null)} />
      ) : null}
    </>
  );
}

/**
 * A chat message's menu: its author deletes it; others report it or block its author; a site admin
 * deletes any message too.
 */
export function ChatMessageMenu({
  messageId,
  author,
  own,
  viewerIsAdmin,
  className,
}: {
  messageId: number;
  author: NamedMember;
  own: boolean;
  viewerIsAdmin: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState<Open>(null);
  const canDelete = own || viewerIsAdmin;
  return (
    <>
      <DropdownMenuRoot modal={false}>
        <DropdownMenu.Trigger
          className={cn(
            "grid size-8 shrink-0 place-items-center rounded-full text-slate-500 outline-none hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-emerald-600 data-[state=open]:bg-slate-100",
            className,
          )}
          aria-label={own ? "Options for your message" : `Options for ${author.name}'s message`}
        >
          <MoreVertical className="size-4" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenuPortal>
          <DropdownMenu.Content align={own ? "end" : "start"} sideOffset={4} className={contentClass}>
            {own ? null : (
              <>
                <DropdownMenu.Item className={itemClass} onSelect={() => setOpen("report")}>
                  <Flag aria-hidden="true" /> Report message
                </DropdownMenu.Item>
                <DropdownMenu.Item className={itemClass} onSelect={() => setOpen("block")}>
                  <Ban aria-hidden="true" /> Block {author.name}
                </DropdownMenu.Item>
              </>
            )}
            {canDelete ? (
              <DropdownMenu.Item className={dangerItemClass} onSelect={() => setOpen("delete")}>
                <Trash2 aria-hidden="true" /> Delete message
              </DropdownMenu.Item>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenuPortal>
      </DropdownMenuRoot>
      {open === "report" ? (
        <ReportMemberDialog
          member={author}
          messageId={messageId}
          open
          onOpenChange={(next) => setOpen(next ? "report" : null)}
        />
      ) : null}
      {open === "block" ? (
        <BlockMemberDialog member={author} open onOpenChange={(next) => setOpen(next ? "block" : null)} />
      ) : null}
      {open === "delete" ? (
        <DeleteMessageDialog
          messageId={messageId}
          own={own}
          open
          onOpenChange={(next) => setOpen(next ? "delete" : null)}
        />
      ) : null}
    </>
  );
}
