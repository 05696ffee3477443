import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { changePasswordSchema, PASSWORD_AS_TYPED } from "../../../../core/schemas/auth";
import { FormDialog } from "../../../components/form-dialog";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { PasswordInput } from "../../../components/ui/password-input";
import { toast } from "../../../components/ui/use-toast";
import { ApiError } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/utils";
import { useChangePassword } from "../api";

type PasswordForm = z.input<typeof changePasswordSchema>;
const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

/** The field the server refused, by the `details` of its 400 (a wrong current password). */
function refusedField(error: unknown): (typeof FIELDS)[number] | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const details = (error.body as { details?: { path?: unknown }[] } | undefined)?.details ?? [];
  return FIELDS.find((f) => details.some((d) => d.path === f));
}

/**
 * Change Password: the current one, the new one twice, checked by the route's own schema. A wrong
 * current password is said under its field; every other device is signed out, and the toast says so.
 */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const change = useChangePassword();
  const form = useForm<PasswordForm, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: (result) => {
        toast({ title: "Password Changed", description: result.message, variant: "success" });
        onClose();
      },
      onError: (error) => {
        // The server names the field it refuses (a wrong current password): said where it is typed.
        const field = refusedField(error);
        if (field) form.setError(field, { message: errorMessage(error, "") }, { shouldFocus: true });
        else
          toast({
            title: "Password Not Changed",
            description: errorMessage(error, "Failed to change your password. Please try again."),
            variant: "destructive",
          });
      },
    }),
  );

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Change Password"
      description={`Use at least 8 characters. ${PASSWORD_AS_TYPED} You stay signed in here; every other device is signed out.`}
      submitLabel="Change Password"
      pendingLabel="Changing..."
      pending={change.isPending}
      onSubmit={onSubmit}
    >
      <FormField id="current-password" label="Current Password" error={errors.currentPassword?.message}>
        <PasswordInput
          {...fieldA11y("current-password", errors.currentPassword?.message)}
          autoComplete="current-password"
          {...form.register("currentPassword")}
        />
      </FormField>
      <FormField id="new-password" label="New Password" error={errors.newPassword?.message}>
        <PasswordInput
          {...fieldA11y("new-password", errors.newPassword?.message)}
          autoComplete="new-password"
          {...form.register("newPassword")}
        />
      </FormField>
      <FormField
        id="confirm-new-password"
        label="Confirm New Password"
        error={errors.confirmPassword?.message}
      >
        <PasswordInput
          {...fieldA11y("confirm-new-password", errors.confirmPassword?.message)}
          autoComplete="new-password"
          {...form.register("confirmPassword")}
        />
      </FormField>
    </FormDialog>
  );
}
