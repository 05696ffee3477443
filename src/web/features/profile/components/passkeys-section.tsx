import { Fingerprint, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import type { Passkey } from "../../../../core/schemas/passkeys";
import { LazyFormDialog } from "../../../components/lazy-dialogs";
import { Button } from "../../../components/ui/button";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { PasswordInput } from "../../../components/ui/password-input";
import { toast } from "../../../components/ui/use-toast";
import { formatDate } from "../../../lib/format";
import { errorMessage } from "../../../lib/utils";
import { useAddPasskey, usePasskeys, useRemovePasskey } from "../passkeys-api";

/**
 * Passkeys in the Security card: sign in with the phone's screen lock or a security key instead of
 * a password. Lists them (name, added, last used), adds one, removes one after a confirmation.
 */
export function PasskeysSection({ timeZone }: { timeZone: string }) {
  const { data: passkeys, isPending, isError } = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  return (
    <div className="grid gap-2">
      <h3 className="font-semibold text-slate-900">Passkeys</h3>
      <p>Sign in with your fingerprint, face or screen lock instead of your password.</p>
      {isPending ? (
        <p className="text-slate-500">Loading your passkeys…</p>
      ) : isError || !passkeys ? (
        <p className="text-slate-500">Your passkeys could not be loaded.</p>
      ) : passkeys.length === 0 ? (
        <p className="text-slate-500">You have no passkeys yet.</p>
      ) : (
        <ul className="grid divide-y divide-slate-100" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <li key={p.id} className="flex items-center gap-3 py-2.5">
              <Fingerprint className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900">{p.name}</p>
                <p className="text-xs text-slate-600">
                  Added {formatDate(p.createdAt, { timeZone })} ·{" "}
                  {p.lastUsedAt ? `last used ${formatDate(p.lastUsedAt, { timeZone })}` : "never used"}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setRemoving(p)}
                aria-label={`Remove passkey ${p.name}`}
              >
                <Trash2 aria-hidden="true" /> Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" className="w-full sm:w-fit" onClick={() => setAdding(true)}>
        <Plus aria-hidden="true" /> Add a Passkey
      </Button>
      {adding ? <AddPasskeyDialog onClose={() => setAdding(false)} /> : null}
      {removing ? <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} /> : null}
    </div>
  );
}

/**
 * Add a Passkey: the password first (a passkey signs in without it, so a borrowed session must not
 * leave one behind), then the device's own prompt.
 */
function AddPasskeyDialog({ onClose }: { onClose: () => void }) {
  const add = useAddPasskey();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  return (
    <LazyFormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Add a Passkey"
      description="Enter your password to confirm it's you. Your device then asks you to save the passkey."
      submitLabel="Continue"
      pendingLabel="Waiting for your device…"
      pending={add.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        if (!password) {
          setError("Enter your current password to add a passkey");
          return;
        }
        add.mutate(
          { currentPassword: password },
          {
            onSuccess: (p) => {
              toast({
                title: "Passkey Added",
                description: `"${p.name}" can now sign you in without your password.`,
                variant: "success",
              });
              onClose();
            },
            onError: (e) => {
              const message = errorMessage(e, "Your passkey could not be added. Please try again.");
              if (/password/i.test(message)) setError(message);
              else toast({ title: "Passkey Not Added", description: message, variant: "destructive" });
            },
          },
        );
      }}
    >
      <FormField id="passkey-password" label="Current Password" error={error}>
        <PasswordInput
          {...fieldA11y("passkey-password", error)}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
    </LazyFormDialog>
  );
}

function RemovePasskeyDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const remove = useRemovePasskey();
  return (
    <LazyFormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Remove Passkey?"
      description={`"${passkey.name}" will no longer sign you in. You can still sign in with your password.`}
      submitLabel="Remove Passkey"
      pendingLabel="Removing…"
      pending={remove.isPending}
      destructive
      onSubmit={(event) => {
        event.preventDefault();
        remove.mutate(passkey.id, {
          onSuccess: (r) => {
            toast({ title: "Passkey Removed", description: r.message, variant: "success" });
            onClose();
          },
          onError: (e) =>
            toast({
              title: "Passkey Not Removed",
              description: errorMessage(e, "Your passkey could not be removed. Please try again."),
              variant: "destructive",
            }),
        });
      }}
    />
  );
}
