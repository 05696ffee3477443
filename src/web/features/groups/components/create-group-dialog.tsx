import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { useLocation } from "wouter";
import type { z } from "zod";
import {
  ENTRY_DEADLINE_HOURS_OPTIONS,
  GROUP_DEFAULT_ENTRY_PRICE_FC,
  GROUP_DURATION_DAYS,
} from "../../../../core/constants";
import { parseMinor } from "../../../../core/money";
import {
  type CreateGroupBody,
  createGroupBodySchema,
  groupEntryPriceSchema,
} from "../../../../core/schemas/groups";
import { FitcoinShortfall } from "../../../components/fitcoin-shortfall";
import { FormDialog } from "../../../components/form-dialog";
import { Checkbox } from "../../../components/ui/checkbox";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/use-toast";
import { fc } from "../../../lib/format";
import { useUser } from "../../auth/api";
import { useTimeZone } from "../../auth/use-time-zone";
import { useCreateGroup } from "../api";
import { emptyCreateGroupForm, toCreateRequest, todayIn } from "../group-form-model";
import { failureToast } from "../group-view";

type CreateForm = z.input<typeof createGroupBodySchema>;

const deadlineLabel = (hours: number) =>
  hours === -1
    ? "Never (join any time, even while active)"
    : `${hours} hour${hours === 1 ? "" : "s"} before the start`;

/** A checkbox with its label, for the form's two flags. */
function Flag({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(v) => onChange(v === true)} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

/**
 * Create Group (specification 2 sections 3 and 5): name, description, private, an optional
 * scheduled competition (start date not before today, start time in the member's profile time
 * zone, entry cutoff, duration) and the entry price, which the creator pays too. Loaded when
 * first opened (create-group-button.tsx), with the form library and the rules it checks.
 */
export function CreateGroupDialog({
  open,
  onOpenChange: setOpen,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const user = useUser();
  const timeZone = useTimeZone();
  const create = useCreateGroup();
  const form = useForm<CreateForm, unknown, CreateGroupBody>({
    resolver: zodResolver(createGroupBodySchema),
    defaultValues: emptyCreateGroupForm,
  });
  const { errors } = form.formState;
  const scheduled = form.watch("hasScheduledCompetition") === true;
  const field = (name: keyof CreateForm) => ({
    ...fieldA11y(`create-group-${name}`, errors[name]?.message),
    ...form.register(name),
  });
  const error = (name: keyof CreateForm) => errors[name]?.message;
  // The creator pays the entry price too: short of it, say so before the form is sent, with the
  // way to add FitCoins and come back here.
  const [here] = useLocation();
  // Only a price the form accepts (5 to 150, as it reads it): never a top-up for one it refuses.
  const priceRead = groupEntryPriceSchema.safeParse(form.watch("poolEntryPrice"));
  const price = priceRead.success ? (priceRead.data ?? GROUP_DEFAULT_ENTRY_PRICE_FC * 100) : null;
  const held = user ? (parseMinor(user.fitcoins) ?? 0) : null;
  const short = price !== null && held !== null && held < price;

  const onOpenChange = (next: boolean) => {
    if (create.isPending) return;
    if (!next) form.reset(emptyCreateGroupForm);
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(toCreateRequest(body), {
      onSuccess: (group) => {
        toast({
          title: "Group Created!",
          description: `${group.name} is ready. Invite your friends!`,
          variant: "success",
        });
        form.reset(emptyCreateGroupForm);
        setOpen(false);
      },
      onError: (err) => toast(failureToast("Failed to create group", err)),
    }),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Group"
      description={
        <>
          You pay the entry price into the group's pool like every member who joins. Your FitCoins:{" "}
          <span className="font-semibold text-slate-900">{fc(user?.fitcoins ?? 0)}</span>
        </>
      }
      submitLabel="Create Group"
      pendingLabel="Creating..."
      pending={create.isPending}
      onSubmit={onSubmit}
      submitDisabled={short}
      className="max-w-lg"
    >
      <FormField id="create-group-name" label="Group Name *" error={error("name")}>
        <Input {...field("name")} maxLength={100} autoComplete="off" />
      </FormField>
      <FormField id="create-group-description" label="Description" error={error("description")}>
        <Textarea {...field("description")} maxLength={1000} />
      </FormField>
      <FormField id="create-group-poolEntryPrice" label="Entry Price (FC)" error={error("poolEntryPrice")}>
        <Input {...field("poolEntryPrice")} inputMode="decimal" placeholder="15.00" />
      </FormField>
      <p className="-mt-2 text-xs text-slate-600">5 to 150 FitCoins; empty for the default of 15.</p>
      {short ? (
        <FitcoinShortfall
          text={`Creating the group takes its entry price: you need ${fc(price / 100)} and have ${fc(held / 100)}.`}
          needMinor={price}
          returnTo={here}
        />
      ) : null}
      <Controller
        control={form.control}
        name="isPrivate"
        render={({ field: f }) => (
          <Flag
            id="create-group-private"
            label="Private group (invite only)"
            checked={f.value === true}
            onChange={f.onChange}
          />
        )}
      />
      <Controller
        control={form.control}
        name="hasScheduledCompetition"
        render={({ field: f }) => (
          <Flag
            id="create-group-scheduled"
            label="Schedule a group competition"
            checked={f.value === true}
            onChange={f.onChange}
          />
        )}
      />
      {scheduled ? (
        <fieldset className="grid gap-4 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
          <legend className="sr-only">Group competition</legend>
          <div className="grid grid-cols-2 gap-3">
            <FormField
              id="create-group-competitionStartDate"
              label="Start Date *"
              error={error("competitionStartDate")}
            >
              <Input {...field("competitionStartDate")} type="date" min={todayIn(timeZone)} />
            </FormField>
            <FormField
              id="create-group-competitionStartTime"
              label="Start Time *"
              error={error("competitionStartTime")}
            >
              <Input {...field("competitionStartTime")} type="time" />
            </FormField>
          </div>
          <p className="-mt-2 text-xs text-slate-600" data-testid="create-group-time-zone">
            Times in {timeZone} (your profile's time zone).
          </p>
          <FormField
            id="create-group-competitionDuration"
            label="Duration *"
            error={error("competitionDuration")}
          >
            <NativeSelect {...field("competitionDuration")}>
              <option value="">Choose a duration</option>
              {GROUP_DURATION_DAYS.map((d) => (
                <option key={d} value={String(d)}>
                  {d} {d === 1 ? "day" : "days"}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField
            id="create-group-entryDeadlineHours"
            label="Entries Close"
            error={error("entryDeadlineHours")}
          >
            <NativeSelect {...field("entryDeadlineHours")}>
              <option value="">At the start</option>
              {ENTRY_DEADLINE_HOURS_OPTIONS.map((h) => (
                <option key={h} value={String(h)}>
                  {deadlineLabel(h)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
