import { type FormEvent, useState } from "react";
import { REPORT_REASONS } from "../../../../core/schemas/safety";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { FormDialog } from "../../../components/form-dialog";
import { FormField } from "../../../components/ui/form-field";
import { NativeSelect } from "../../../components/ui/native-select";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { useBlockUser, useDeleteChatMessage, useReportChatMessage, useReportUser } from "../api";
import { SAFETY_TEXTS } from "../safety-view";

/** A member named in a chat or a standings list: blocked or reported by their user id. */
export interface NamedMember {
  id: number;
  name: string;
}

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Block a member from their name: asks first, with an optional reason. */
export function BlockMemberDialog({ member, open, onOpenChange }: DialogProps & { member: NamedMember }) {
  const block = useBlockUser();
  const [reason, setReason] = useState("");
  const close = (next: boolean) => {
    if (!next) setReason("");
    onOpenChange(next);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    block.mutate(
      { blockedId: member.id, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast({ ...SAFETY_TEXTS.blocked, variant: "success" });
          close(false);
        },
        onError: (error) =>
          toast({
            title: SAFETY_TEXTS.blockFailed.title,
            description: errorMessage(error, SAFETY_TEXTS.blockFailed.fallback),
            variant: "destructive",
          }),
      },
    );
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={`Block ${member.name}?`}
      description="You won't see each other's chat messages. You can unblock them on the Safety page."
      submitLabel="Block"
      pendingLabel="Blocking..."
      pending={block.isPending}
      onSubmit={onSubmit}
      destructive
    >
      <FormField id={`block-member-reason-${member.id}`} label="Reason (optional)">
        <Textarea
          id={`block-member-reason-${member.id}`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          rows={2}
        />
      </FormField>
    </FormDialog>
  );
}

/**
 * Report a member from their name, or one of their chat messages (`messageId`): a reason from
 * the safety feature's list and an optional description.
 */
export function ReportMemberDialog({
  member,
  messageId,
  open,
  onOpenChange,
}: DialogProps & { member: NamedMember; messageId?: number }) {
  const reportUser = useReportUser();
  const reportMessage = useReportChatMessage();
  const pending = reportUser.isPending || reportMessage.isPending;
  const [reason, setReason] = useState("");
  const [description, setDescription] = useState("");
  const close = (next: boolean) => {
    if (!next) {
      setReason("");
      setDescription("");
    }
    onOpenChange(next);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      toast({ title: "Missing Information", description: "Please select a reason", variant: "destructive" });
      return;
    }
    const handlers = {
      onSuccess: () => {
        toast({
          title: SAFETY_TEXTS.reported.title,
          description:
            messageId === undefined
              ? SAFETY_TEXTS.reported.description
              : "Thank you for reporting this message. Our team will review it.",
          variant: "success",
        });
        close(false);
      },
      onError: (error: Error) =>
        toast({
          title: SAFETY_TEXTS.reportFailed.title,
          description: errorMessage(error, SAFETY_TEXTS.reportFailed.description),
          variant: "destructive",
        }),
    };
    const text = description.trim() || undefined;
    if (messageId === undefined) {
      reportUser.mutate({ reportedId: member.id, reason, description: text }, handlers);
    } else {
      reportMessage.mutate({ messageId, reason, description: text }, handlers);
    }
  };
  const id = `report-${messageId ?? "member"}-${member.id}`;
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={messageId === undefined ? `Report ${member.name}` : "Report message"}
      description={
        messageId === undefined
          ? "Tell our team what this member did. Reports are confidential."
          : `Tell our team what is wrong with ${member.name}'s message. Reports are confidential.`
      }
      submitLabel="Submit Report"
      pendingLabel="Submitting..."
      pending={pending}
      onSubmit={onSubmit}
    >
      <FormField id={`${id}-reason`} label="Reason">
        <NativeSelect id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)}>
          <option value="" disabled>
            Select a reason
          </option>
          {REPORT_REASONS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={`${id}-description`} label="Description (optional)">
        <Textarea
          id={`${id}-description`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          rows={3}
          maxLength={2000}
        />
      </FormField>
    </FormDialog>
  );
}

/** Delete a chat message for everyone: the author's own, or any as an admin. */
export function DeleteMessageDialog({
  messageId,
  own,
  open,
  onOpenChange,
}: DialogProps & { messageId: number; own: boolean }) {
  const remove = useDeleteChatMessage();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete message?"
      description={
        own
          ? "Your message will be removed from the chat for everyone."
          : "This member's message will be removed from the chat for everyone. The deletion is recorded in the audit log."
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      destructive
      onConfirm={() =>
        remove.mutate(
          { messageId },
          {
            onSuccess: () => {
              toast({ title: "Message deleted", variant: "success" });
              onOpenChange(false);
            },
            onError: (error) =>
              toast({
                title: "Delete failed",
                description: errorMessage(error, "Could not delete the message."),
                variant: "destructive",
              }),
          },
        )
      }
    />
  );
}
