import type { ReactNode } from "react";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { cn } from "../../../lib/utils";
import type { CompetitionFormValues } from "../competition-form-model";

export type FieldErrors = Partial<Record<keyof CompetitionFormValues, string>>;

const CUTOFF_OPTIONS: { value: string; label: string }[] = [
  { value: "", label: "At the start" },
  { value: "-1", label: "Never (join any time, even while active)" },
  { value: "1", label: "1 hour before the start" },
  { value: "6", label: "6 hours before the start" },
  { value: "12", label: "12 hours before the start" },
  { value: "24", label: "24 hours before the start" },
  { value: "48", label: "48 hours before the start" },
];

/** The fields shared by Create New Competition and Edit Competition. */
export function CompetitionFormFields({
  idPrefix,
  values,
  errors,
  onChange,
  timeZone,
  feeRequired = false,
}: {
  idPrefix: string;
  values: CompetitionFormValues;
  errors: FieldErrors;
  onChange: (field: keyof CompetitionFormValues, value: string) => void;
  /** The member's profile time zone, in which the dates are read and shown. */
  timeZone: string;
  feeRequired?: boolean;
}) {
  const id = (field: keyof CompetitionFormValues) => `${idPrefix}-${field}`;
  const text = (field: keyof CompetitionFormValues, label: string, input: ReactNode) => (
    <FormField id={id(field)} label={label} error={errors[field]}>
      {input}
    </FormField>
  );
  const bind = (field: keyof CompetitionFormValues) => ({
    ...fieldA11y(id(field), errors[field]),
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => onChange(field, e.target.value),
  });

  return (
    <div className="grid gap-4">
      {text("name", "Competition Name *", <Input {...bind("name")} maxLength={100} autoComplete="off" />)}
      {text(
        "description",
        "Description *",
        <textarea
          {...bind("description")}
          rows={3}
          maxLength={1000}
          className={cn(
            "w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs outline-none placeholder:text-slate-500 focus-visible:border-emerald-600 focus-visible:ring-2 focus-visible:ring-emerald-600/30 aria-invalid:border-red-600",
          )}
        />,
      )}
      <div className="grid grid-cols-2 gap-3">
        {text(
          "entryFee",
          feeRequired ? "Entry Fee (FC) *" : "Entry Fee (FC)",
          <Input {...bind("entryFee")} inputMode="decimal" placeholder="Free" />,
        )}
        {text(
          "maxParticipants",
          "Max Participants",
          <Input {...bind("maxParticipants")} inputMode="numeric" placeholder="No limit" />,
        )}
      </div>
      <p className="-mt-2 text-xs text-slate-600">
        Entry fee: 5 to 150 FitCoins, or empty for a free competition.
      </p>
      {text("startDate", "Start Date & Time *", <Input {...bind("startDate")} type="datetime-local" />)}
      {text("endDate", "End Date & Time *", <Input {...bind("endDate")} type="datetime-local" />)}
      <p className="-mt-2 text-xs text-slate-600" data-testid={`${idPrefix}-time-zone`}>
        Times in {timeZone} (your profile's time zone).
      </p>
      {text(
        "entryDeadlineHours",
        "Entries Close",
        <NativeSelect {...bind("entryDeadlineHours")}>
          {CUTOFF_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>,
      )}
    </div>
  );
}
