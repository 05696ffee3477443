import { useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import type { Report } from "../../../../core/schemas/safety";
import { Button } from "../../../components/ui/button";
import { DeleteMessageDialog } from "../../safety/components/member-safety-dialogs";
import { reportsKey } from "../api";

/** "Group chat · Morning Walkers" for the room a reported message was posted in. */
export function roomLabel(room: NonNullable<Report["message"]>["room"]): string {
  return `${room.kind === "group" ? "Group" : "Competition"} chat · ${room.name}`;
}

/**
 * The chat message a report is about: its text (kept after a deletion), its room, and Delete for
 * the admin while it is still in the chat.
 */
export function ReportedMessage({ message }: { message: NonNullable<Report["message"]> }) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  return (
    <span className="mt-1 block rounded-lg border border-slate-200 bg-slate-50 px-2.5 py-2">
      <span className="block text-xs font-semibold text-slate-600">
        {roomLabel(message.room)}
        {message.deleted ? " · deleted" : null}
      </span>
      <q className="block text-slate-900 break-words whitespace-pre-wrap">{message.text}</q>
      {message.deleted ? null : (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="mt-2 text-red-700"
          onClick={() => setDeleting(true)}
        >
          <Trash2 aria-hidden="true" /> Delete message
        </Button>
      )}
      {deleting ? (
        <DeleteMessageDialog
          messageId={message.id}
          own={false}
          open
          onOpenChange={(open) => {
            setDeleting(open);
            if (!open) void queryClient.invalidateQueries({ queryKey: reportsKey });
          }}
        />
      ) : null}
    </span>
  );
}
