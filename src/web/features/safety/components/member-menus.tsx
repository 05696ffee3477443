import { MoreVertical } from "lucide-react";
import { type ReactNode, useState } from "react";
import { lazyDialog } from "../../../components/ui/lazy-dialog";
import { lazyMenu, type MenuTriggerProps } from "../../../components/ui/lazy-menu";
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

type Open = "block" | "report" | "delete";

export const memberNameTriggerClass = (className?: string) =>
  cn(
    "max-w-full truncate rounded text-left font-semibold underline decoration-slate-300 decoration-dotted underline-offset-2 outline-none hover:decoration-solid focus-visible:ring-2 focus-visible:ring-emerald-600",
    className,
  );

export const chatMessageTriggerClass = (className?: string) =>
  cn(
    "grid size-8 shrink-0 place-items-center rounded-full text-slate-500 outline-none hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-emerald-600 data-[state=open]:bg-slate-100",
    className,
  );

export const memberNameMenuLabel = (name: string) => `${name}: block or report`;

export const chatMessageMenuLabel = (own: boolean, authorName: string) =>
  own ? "Options for your message" : `Options for ${authorName}'s message`;

export function ChatMessageMenuFace() {
  return <MoreVertical className="size-4" aria-hidden="true" />;
}

export interface MemberNameMenuProps {
  member: NamedMember;
  children: ReactNode;
  className?: string;
  onChoose: (choice: Open) => void;
}

export interface ChatMessageMenuProps {
  author: NamedMember;
  own: boolean;
  canDelete: boolean;
  className?: string;
  onChoose: (choice: Open) => void;
}

// The menus' own code (Radix's menu, Floating UI) loads on the way to the first one opened: a
// standings list or a chat draws a plain button for every name and message until then.
const NameMenu = lazyMenu(
  async () => (await import("./member-menus-popup")).MemberNameMenuPopup,
  ({ member, children, className, trigger }: MemberNameMenuProps & { trigger: MenuTriggerProps }) => (
    <button
      {...trigger}
      className={memberNameTriggerClass(className)}
      aria-label={memberNameMenuLabel(member.name)}
    >
      {children}
    </button>
  ),
);

const MessageMenu = lazyMenu(
  async () => (await import("./member-menus-popup")).ChatMessageMenuPopup,
  ({ author, own, className, trigger }: ChatMessageMenuProps & { trigger: MenuTriggerProps }) => (
    <button
      {...trigger}
      className={chatMessageTriggerClass(className)}
      aria-label={chatMessageMenuLabel(own, author.name)}
    >
      <ChatMessageMenuFace />
    </button>
  ),
);

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
  const [open, setOpen] = useState<Open | null>(null);
  return (
    <>
      <NameMenu member={member} className={className} onChoose={setOpen}>
        {children}
      </NameMenu>
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
  const [open, setOpen] = useState<Open | null>(null);
  return (
    <>
      <MessageMenu
        author={author}
        own={own}
        canDelete={own || viewerIsAdmin}
        className={className}
        onChoose={setOpen}
      />
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
