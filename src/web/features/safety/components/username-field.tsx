import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";

/** The member to block or report, typed by username. */
export function UsernameField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField id={id} label="Username">
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Their username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={64}
      />
    </FormField>
  );
}
