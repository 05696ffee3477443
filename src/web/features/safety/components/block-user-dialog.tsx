import { FormDialog } from "../../../components/form-dialog";
import { FormField } from "../../../components/ui/form-field";
import { Textarea } from "../../../components/ui/textarea";
import { errorMessage } from "../../../lib/utils";
import { useBlockUser } from "../api";
import { checkBlock, SAFETY_TEXTS } from "../safety-view";
import { useCheckedForm } from "./use-checked-form";
import { UsernameField } from "./username-field";

const EMPTY = { username: "", reason: "" };

/** Block a member by username: their chat messages are hidden both ways. */
export function BlockUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const block = useBlockUser();
  const { form, setForm, close, onSubmit } = useCheckedForm({
    empty: EMPTY,
    onOpenChange,
    check: checkBlock,
    mutation: block,
    success: SAFETY_TEXTS.blocked,
    failure: (error) => ({
      title: SAFETY_TEXTS.blockFailed.title,
      description: errorMessage(error, SAFETY_TEXTS.blockFailed.fallback),
    }),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Block User"
      description="Blocked members can't contact you, and you won't see each other's chat messages."
      submitLabel="Block User"
      pendingLabel="Blocking..."
      pending={block.isPending}
      onSubmit={onSubmit}
      destructive
    >
      <UsernameField
        id="block-username"
        value={form.username}
        onChange={(username) => setForm({ ...form, username })}
      />
      <FormField id="block-reason" label="Reason (optional)">
        <Textarea
          id="block-reason"
          value={form.reason}
          onChange={(e) => setForm({ ...form, reason: e.target.value })}
          placeholder="Why are you blocking this member?"
          maxLength={500}
        />
      </FormField>
    </FormDialog>
  );
}
