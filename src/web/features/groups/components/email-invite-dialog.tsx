import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type Group, inviteEmailBodySchema } from "../../../../core/schemas/groups";
import { FormDialog } from "../../../components/form-dialog";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { useEmailInvite } from "../api";
import { failureToast } from "../group-view";

type EmailForm = z.input<typeof inviteEmailBodySchema>;
const ID = "invite-email";

/** Email invite: the group's invite link sent to an address. */
export function EmailInviteDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const send = useEmailInvite();
  const form = useForm<EmailForm, unknown, z.output<typeof inviteEmailBodySchema>>({
    resolver: zodResolver(inviteEmailBodySchema),
    defaultValues: { email: "" },
  });
  const error = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit(({ email }) =>
    send.mutate(
      { id: group.id, email },
      {
        onSuccess: (result) => {
          toast({ title: "Invitation Sent", description: result.message, variant: "success" });
          onClose();
        },
        onError: (err) => toast(failureToast("Failed to send invitation email", err)),
      },
    ),
  );

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Invite by Email"
      description={`We'll email a link to join ${group.name}.`}
      submitLabel="Send Invite"
      pendingLabel="Sending..."
      pending={send.isPending}
      onSubmit={onSubmit}
    >
      <FormField id={ID} label="Email address" error={error}>
        <Input {...fieldA11y(ID, error)} {...form.register("email")} type="email" autoComplete="email" />
      </FormField>
    </FormDialog>
  );
}
