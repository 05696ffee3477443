import { type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageCircle, Send } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { CHAT_MESSAGE_MAX } from "../../../core/constants";
import { useUser } from "../../features/auth/api";
import { formatAgo } from "../../lib/format";
import { cn, errorMessage } from "../../lib/utils";
import { useNow } from "../countdown/use-now";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { Input } from "../ui/input";
import { Spinner } from "../ui/spinner";
import { toast } from "../ui/use-toast";
import { ChatMessageRow, type ChatPanelMessage } from "./chat-message-row";

export type { ChatPanelMessage };

/** Relative times move on while the panel is open. */
const CLOCK_TICK_MS = 30_000;

export interface ChatPanelProps {
  /** The heading, e.g. "Morning Walkers Chat". */
  title: string;
  queryKey: QueryKey;
  fetchMessages: (signal: AbortSignal) => Promise<ChatPanelMessage[]>;
  sendMessage: (message: string) => Promise<unknown>;
  pollMs: number;
  /** The viewer's own messages sit on the right. */
  viewerId?: number;
  emptyTitle?: string;
  /** The empty list's second line; null for none (the group chat says it all in the title). */
  emptyText?: string | null;
  /** Just now, 5m ago, 2h ago, then the date (lib/format: the same on every page). */
  formatTime?: (now: Date, at: Date) => string;
  /** The toast after a send; null for none (the message appearing in the list is enough). */
  sentToast?: { title: string; description: string } | null;
  className?: string;
}

/**
 * A chat for one competition or group (specification 2 section 2): polled list, newest at the
 * bottom and scrolled into view, at most about 16rem high, and a send box. A send disables the
 * box until it is answered; a failure keeps the text.
 */
export function ChatPanel({
  title,
  queryKey,
  fetchMessages,
  sendMessage,
  pollMs,
  viewerId,
  emptyTitle = "No messages yet",
  emptyText = "Be the first to start the conversation!",
  formatTime = (now, at) => formatAgo(at, now),
  sentToast = {
    title: "Message sent",
    description: "Your message has been posted to the competition chat.",
  },
  className,
}: ChatPanelProps) {
  const queryClient = useQueryClient();
  // A site admin may delete any message (the server decides; this only offers it).
  const viewerIsAdmin = useUser()?.isAdmin === true;
  const now = useNow(CLOCK_TICK_MS);
  const [text, setText] = useState("");
  const list = useRef<HTMLDivElement>(null);
  const messages = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchMessages(signal),
    refetchInterval: pollMs,
  });
  const send = useMutation({
    mutationFn: sendMessage,
    retry: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });

  // The newest message in view whenever the list changes (inside the box, not the page).
  useEffect(() => {
    const box = list.current;
    if (box && messages.data) box.scrollTop = box.scrollHeight;
  }, [messages.data]);

  const trimmed = text.trim();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || send.isPending) return;
    send.mutate(trimmed, {
      onSuccess: () => {
        setText("");
        if (sentToast) toast({ ...sentToast, variant: "success" });
      },
      onError: (error) =>
        toast({
          title: "Failed to send message",
          description: errorMessage(error, "Please try again."),
          variant: "destructive",
        }),
    });
  };

  return (
    <Card className={cn("overflow-hidden", className)} role="region" aria-label={title}>
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <MessageCircle className="size-5 text-emerald-700" aria-hidden="true" /> {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div ref={list} className="max-h-64 min-h-24 overflow-y-auto overscroll-contain rounded-xl bg-white">
          {messages.isPending ? (
            <div className="flex justify-center py-6">
              <Spinner label="Loading messages" />
            </div>
          ) : messages.isError ? (
            <p className="py-6 text-center text-sm text-slate-600" role="alert">
              {errorMessage(messages.error, "Could not load messages.")}
            </p>
          ) : messages.data.length === 0 ? (
            <div className="py-6 text-center">
              <p className="font-semibold text-slate-800">{emptyTitle}</p>
              {emptyText ? <p className="text-sm text-slate-600">{emptyText}</p> : null}
            </div>
          ) : (
            <ul className="grid grid-cols-1 gap-3 py-1" aria-label={`${title} messages`}>
              {messages.data.map((m) => (
                <ChatMessageRow
                  key={m.id}
                  message={m}
                  own={viewerId !== undefined && m.userId === viewerId}
                  time={formatTime(now, new Date(m.createdAt))}
                  viewerIsAdmin={viewerIsAdmin}
                />
              ))}
            </ul>
          )}
        </div>
        <form onSubmit={onSubmit} className="flex gap-2">
          <Input
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Type your message..."
            aria-label="Message"
            maxLength={CHAT_MESSAGE_MAX}
            disabled={send.isPending}
            autoComplete="off"
            enterKeyHint="send"
          />
          <Button type="submit" size="icon" disabled={!trimmed || send.isPending} aria-label="Send message">
            {send.isPending ? (
              <Spinner className="size-4 border-2" label="Sending" />
            ) : (
              <Send aria-hidden="true" />
            )}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
