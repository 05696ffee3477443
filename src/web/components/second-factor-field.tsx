import { recoveryCodeSchema, type SecondFactorInput, totpCodeSchema } from "../../core/schemas/two-factor";
import { FormField, fieldA11y } from "./ui/form-field";
import { Input } from "./ui/input";

export type SecondFactorMode = "code" | "recovery";

/**
 * The typed value as the request body, or the reason it cannot be (said under the field): the
 * same schemas as the server's, so a half-typed code is never sent.
 */
export function secondFactorBody(
  mode: SecondFactorMode,
  value: string,
): { ok: true; body: SecondFactorInput } | { ok: false; message: string } {
  const parsed = (mode === "code" ? totpCodeSchema : recoveryCodeSchema).safeParse(value);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "Check the code" };
  return { ok: true, body: mode === "code" ? { code: parsed.data } : { recoveryCode: parsed.data } };
}

/** One field for the second factor: the app's 6-digit code, or (by the link under it) a recovery code. */
export function SecondFactorField({
  id,
  mode,
  onModeChange,
  value,
  onChange,
  error,
  codeOnly = false,
}: {
  /** Only the app's code (set-up, new recovery codes): no link to a recovery code. */
  codeOnly?: boolean;
  id: string;
  mode: SecondFactorMode;
  onModeChange: (mode: SecondFactorMode) => void;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const fieldId = `${id}-${mode}`;
  return (
    <div className="grid gap-2">
      {mode === "code" ? (
        <FormField id={fieldId} label="Authentication Code" error={error}>
          <Input
            {...fieldA11y(fieldId, error)}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            placeholder="123456"
            autoFocus
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </FormField>
      ) : (
        <FormField id={fieldId} label="Recovery Code" error={error}>
          <Input
            {...fieldA11y(fieldId, error)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="ABCDE-23456"
            autoFocus
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </FormField>
      )}
      {codeOnly ? null : (
        <button
          type="button"
          className="w-fit text-sm font-semibold text-emerald-700 underline-offset-4 hover:underline"
          onClick={() => {
            onChange("");
            onModeChange(mode === "code" ? "recovery" : "code");
          }}
        >
          {mode === "code" ? "Use a recovery code instead" : "Use the code from your authenticator app"}
        </button>
      )}
    </div>
  );
}
