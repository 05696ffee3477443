import { Download } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { downloadStatement } from "../api";

/** The form's rules (zod) come with the first use of the form, not with the wallet's first screen. */
const loadRules = () => import("../../../../core/schemas/statements");

const CURRENCIES = [
  ["", "Dollars and FitCoins"],
  ["USD", "Dollars"],
  ["FC", "FitCoins"],
  ["PTS", "Points"],
] as const;

/**
 * The member's statement as a CSV file: every line of the chosen days (their own time zone, both
 * included; blank for all), with the balance after each.
 */
export function StatementDownload() {
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [currency, setCurrency] = useState("");
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { statementQuerySchema } = await loadRules();
    const checked = statementQuerySchema.safeParse({
      from: from || undefined,
      to: to || undefined,
      currency: currency || undefined,
    });
    if (!checked.success) {
      const found: { from?: string; to?: string } = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] === "from" ? "from" : "to";
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await downloadStatement(checked.data);
    } catch (error) {
      toast({
        title: "Download Failed",
        description: errorMessage(error, "Failed to download your statement"),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Statement</CardTitle>
        <CardDescription>
          Download your transactions as a CSV file, with your balance after each line. Leave the dates blank
          for your whole history.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={onSubmit} onFocus={() => void loadRules()} noValidate>
          <div className="grid gap-3">
            <FormField id="statement-from" label="From" error={errors.from}>
              <Input
                type="date"
                value={from}
                max={to || undefined}
                onChange={(e) => setFrom(e.target.value)}
                {...fieldA11y("statement-from", errors.from)}
              />
            </FormField>
            <FormField id="statement-to" label="To" error={errors.to}>
              <Input
                type="date"
                value={to}
                min={from || undefined}
                onChange={(e) => setTo(e.target.value)}
                {...fieldA11y("statement-to", errors.to)}
              />
            </FormField>
          </div>
          <FormField id="statement-currency" label="Currency">
            <NativeSelect
              id="statement-currency"
              value={currency}
              onChange={(e) => setCurrency(e.target.value)}
            >
              {CURRENCIES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <Button type="submit" variant="outline" disabled={busy}>
            <Download aria-hidden="true" /> {busy ? "Preparing..." : "Download CSV"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
