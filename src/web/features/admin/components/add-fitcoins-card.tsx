import { Coins } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { AdminUser } from "../../../../core/schemas/members";
import { MONEY_REASON_MAX } from "../../../../core/schemas/money";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { createSubmissionKeys, submitWithKey } from "../../wallet/submission-key";
import { useAddCoins } from "../users-api";
import { addCoinsRequest, displayName } from "./users-model";

/**
 * Add FitCoins to the member picked in Find Users (specification 3, section 5): a whole amount of
 * at least 1 and a reason (issue 23: the member's history shows it, the audit log keeps it). One Idempotency-Key per grant, kept while that same grant is
 * retried after an unknown outcome, so a lost answer never credits twice.
 */
export function AddFitcoinsCard({ user }: { user: AdminUser | null }) {
  const id = useId();
  const addCoins = useAddCoins();
  const [keys] = useState(() => createSubmissionKeys());
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<{ field: "amount" | "reason"; message: string } | undefined>();

  const amountError = error?.field === "amount" ? error.message : undefined;
  const reasonError = error?.field === "reason" ? error.message : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = addCoinsRequest(user?.id ?? null, amount, reason);
    if (!check.ok) {
      setError({ field: check.field, message: check.error });
      return;
    }
    setError(undefined);
    const { body } = check;
    try {
      const result = await submitWithKey(
        keys,
        `${body.userId}:${body.amount}:${body.reason}`,
        (idempotencyKey) => addCoins.mutateAsync({ ...body, idempotencyKey }),
      );
      toast({ title: "FitCoins Added", description: result.message, variant: "success" });
      setAmount("");
      setReason("");
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to add FitCoins"),
        variant: "destructive",
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Coins className="size-5 text-amber-600" aria-hidden="true" /> Add FitCoins
        </CardTitle>
        <CardDescription>
          Give the selected member FitCoins. The reason shows in their history and the audit log.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div
            className="rounded-xl border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm"
            aria-live="polite"
          >
            {user ? (
              <>
                <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  Selected user
                </span>
                <span className="block truncate font-semibold text-slate-900">
                  {displayName(user)} (@{user.username})
                </span>
                <span className="block truncate text-slate-600">{user.email}</span>
              </>
            ) : (
              <span className="text-slate-600">No user selected. Search for one in Find Users.</span>
            )}
          </div>
          <FormField id={`${id}-amount`} label="Amount (FitCoins)" error={amountError}>
            <Input
              {...fieldA11y(`${id}-amount`, amountError)}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder="e.g. 100"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </FormField>
          <FormField id={`${id}-reason`} label="Reason" error={reasonError}>
            <Input
              {...fieldA11y(`${id}-reason`, reasonError)}
              maxLength={MONEY_REASON_MAX}
              placeholder="e.g. Make-good for the outage"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </FormField>
          <Button
            type="submit"
            disabled={addCoins.isPending}
            className="w-full sm:w-auto sm:justify-self-start"
          >
            <Coins aria-hidden="true" /> {addCoins.isPending ? "Adding..." : "Add FitCoins"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
