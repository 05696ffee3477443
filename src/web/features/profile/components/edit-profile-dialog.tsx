import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { profileBodySchema, STEP_GOAL_MAX, STEP_GOAL_MIN } from "../../../../core/schemas/members";
import { FormDialog } from "../../../components/form-dialog";
import { TimeZonePicker } from "../../../components/time-zone-picker";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { toast } from "../../../components/ui/use-toast";
import { ApiError } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/utils";
import type { User } from "../../auth/api";
import { useUpdateProfile } from "../api";
import { PROFILE_TEXTS } from "../profile-view";

type ProfileForm = z.input<typeof profileBodySchema>;

/** Edit Profile: names, email, time zone and daily step goal, checked by the route's own schema. */
export function EditProfileDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileForm, unknown, z.output<typeof profileBodySchema>>({
    resolver: zodResolver(profileBodySchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      timeZone: user.timeZone,
      stepGoal: user.stepGoal,
    },
  });
  const { errors } = form.formState;
  // A new email asks for the password, and only replaces the old once its link is opened.
  const typedEmail = form.watch("email") ?? "";
  const changingEmail = typedEmail.trim().toLowerCase() !== user.email.toLowerCase();

  const onSubmit = form.handleSubmit(({ currentPassword, ...body }) =>
    update.mutate(changingEmail ? { ...body, currentPassword } : body, {
      onSuccess: (saved) => {
        toast(
          saved.pendingEmail && changingEmail
            ? {
                title: "Check Your New Inbox",
                description: `We sent a link to ${saved.pendingEmail}. Your email changes once you open it; until then we keep writing to ${saved.email}.`,
                variant: "success",
              }
            : { ...PROFILE_TEXTS.updated, variant: "success" },
        );
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400 && /password/i.test(error.message)) {
          form.setError("currentPassword", { message: error.message }, { shouldFocus: true });
          return;
        }
        toast({
          title: PROFILE_TEXTS.updateFailed.title,
          description: errorMessage(error, PROFILE_TEXTS.updateFailed.fallback),
          variant: "destructive",
        });
      },
    }),
  );

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Edit Profile"
      description="Update your name, email, time zone and daily step goal."
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      pending={update.isPending}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="profile-first-name" label="First Name" error={errors.firstName?.message}>
          <Input
            {...fieldA11y("profile-first-name", errors.firstName?.message)}
            {...form.register("firstName")}
            autoComplete="given-name"
            maxLength={50}
          />
        </FormField>
        <FormField id="profile-last-name" label="Last Name" error={errors.lastName?.message}>
          <Input
            {...fieldA11y("profile-last-name", errors.lastName?.message)}
            {...form.register("lastName")}
            autoComplete="family-name"
            maxLength={50}
          />
        </FormField>
      </div>
      <FormField id="profile-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldA11y("profile-email", errors.email?.message)}
          {...form.register("email")}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
        />
      </FormField>
      {changingEmail ? (
        <FormField
          id="profile-current-password"
          label="Current Password"
          error={errors.currentPassword?.message}
        >
          <PasswordInput
            {...fieldA11y("profile-current-password", errors.currentPassword?.message)}
            {...form.register("currentPassword")}
            autoComplete="current-password"
          />
        </FormField>
      ) : null}
      {changingEmail ? (
        <p className="-mt-2 text-xs text-slate-600">
          To change your email, enter your password. We send a link to the new address; it replaces the old
          one once you open it.
        </p>
      ) : null}
      <FormField id="profile-time-zone" label="Time Zone" error={errors.timeZone?.message}>
        <Controller
          control={form.control}
          name="timeZone"
          render={({ field }) => (
            <TimeZonePicker
              id="profile-time-zone"
              value={field.value ?? user.timeZone}
              onChange={field.onChange}
              invalid={Boolean(errors.timeZone)}
              describedBy={errors.timeZone ? "profile-time-zone-error" : "profile-time-zone-note"}
            />
          )}
        />
      </FormField>
      <p id="profile-time-zone-note" className="-mt-2 text-xs text-slate-600">
        Every time in the app shows in this zone; your days, streaks and daily points follow it.
      </p>
      <FormField id="profile-step-goal" label="Daily Step Goal" error={errors.stepGoal?.message}>
        <Input
          {...fieldA11y("profile-step-goal", errors.stepGoal?.message)}
          {...form.register("stepGoal", {
            // Left empty, the goal is not sent and stays as it is.
            setValueAs: (value: string | number) => (value === "" ? undefined : Number(value)),
          })}
          type="number"
          inputMode="numeric"
          min={STEP_GOAL_MIN}
          max={STEP_GOAL_MAX}
          step={500}
        />
      </FormField>
    </FormDialog>
  );
}
