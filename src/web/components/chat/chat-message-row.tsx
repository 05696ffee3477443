import { ChatMessageMenu, MemberNameMenu } from "../../features/safety/components/member-menus";
import { cn } from "../../lib/utils";
import { Avatar, initialsOf } from "../ui/avatar";

export interface ChatPanelMessage {
  id: number;
  userId?: number;
  message: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
}

/**
 * One message: avatar (or initials), name, time and text; the viewer's own on the right. Another
 * member's name opens Block and Report; the message's menu reports or deletes it (issue 22).
 */
export function ChatMessageRow({
  message,
  own,
  time,
  viewerIsAdmin = false,
}: {
  message: ChatPanelMessage;
  own: boolean;
  time: string;
  viewerIsAdmin?: boolean;
}) {
  const name = `${message.firstName} ${message.lastName}`.trim() || "Member";
  const author = message.userId === undefined ? null : { id: message.userId, name };
  return (
    <li className={cn("group/message flex items-end gap-2", own && "flex-row-reverse")}>
      <Avatar
        imageUrl={message.profileImageUrl}
        initials={initialsOf(message.firstName, message.lastName, name)}
        className="size-8 text-xs"
      />
      <div
        className={cn(
          "max-w-[75%] min-w-0 rounded-2xl px-3 py-2",
          own ? "rounded-br-md bg-emerald-700 text-white" : "rounded-bl-md bg-slate-100 text-slate-900",
        )}
      >
        <p className={cn("flex items-baseline gap-2 text-xs", own ? "text-emerald-100" : "text-slate-600")}>
          {own || !author ? (
            <span className="truncate font-semibold">{own ? "You" : name}</span>
          ) : (
            <MemberNameMenu member={author} className="text-slate-700">
              {name}
            </MemberNameMenu>
          )}
          <time dateTime={message.createdAt} className="shrink-0">
            {time}
          </time>
        </p>
        <p className="text-sm wrap-anywhere whitespace-pre-wrap">{message.message}</p>
      </div>
      {author ? (
        <ChatMessageMenu messageId={message.id} author={author} own={own} viewerIsAdmin={viewerIsAdmin} />
      ) : null}
    </li>
  );
}
