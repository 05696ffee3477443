import { Trash2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { DELETE_PASSWORD_MISSING } from "../../../../core/constants";
import { LazyFormDialog } from "../../../components/lazy-dialogs";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { PasswordInput } from "../../../components/ui/password-input";
import { toast } from "../../../components/ui/use-toast";
import { ApiError } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/utils";
import { useAccountDeletion, useDeleteAccount } from "../api";
import { PROFILE_TEXTS } from "../profile-view";
import { DeletionSummary } from "./deletion-summary";

/** Time to read the confirmation toast before the browser signs out (specification 3 section 4). */
const LOGOUT_DELAY_MS = 2_000;

/** The server refused the password (its 400 names the field): said under the field. */
function passwordRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const details = (error.body as { details?: { path?: unknown }[] } | undefined)?.details ?? [];
  return details.some((d) => d.path === "currentPassword")
    ? errorMessage(error, DELETE_PASSWORD_MISSING)
    : null;
}

/**
 * Account deletion (issue 32): the confirmation shows what is lost (balances, with a way to redeem
 * them first, and every competition and group left) and asks for the password, which the server
 * checks; then sign-out after 2 s.
 */
export function DangerZoneCard() {
  const [open, setOpen] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const held = useAccountDeletion(open);

  const openDialog = (next: boolean) => {
    setOpen(next);
    setPassword("");
    setPasswordError(null);
  };

  const onConfirm = () => {
    if (password === "") {
      setPasswordError(DELETE_PASSWORD_MISSING);
      return;
    }
    remove.mutate(
      { currentPassword: password },
      {
        onSuccess: () => {
          setDeleted(true);
          setOpen(false);
          toast({
            title: "Account Deleted",
            description: "Your account has been deleted. Signing you out...",
          });
          window.setTimeout(() => {
            window.location.href = "/api/logout";
          }, LOGOUT_DELAY_MS);
        },
        onError: (error) => {
          const refused = passwordRefusal(error);
          if (refused) setPasswordError(refused);
          else toast({ title: "Error", description: PROFILE_TEXTS.deleteFailed, variant: "destructive" });
        },
      },
    );
  };

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-red-700">
          <TriangleAlert className="size-5" aria-hidden="true" /> Danger Zone
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-700">
        <p>Deleting your account signs you out everywhere and removes your name, email and picture.</p>
        <Button
          variant="destructive"
          onClick={() => openDialog(true)}
          disabled={deleted}
          className="w-full sm:w-fit"
        >
          <Trash2 aria-hidden="true" /> {deleted ? "Account Deleted" : "Delete Account"}
        </Button>
      </CardContent>
      <LazyFormDialog
        open={open}
        onOpenChange={openDialog}
        title="Delete your account?"
        description="This cannot be undone."
        submitLabel="Delete Account"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        submitDisabled={!held.data}
        destructive
        className="max-h-[90dvh] overflow-y-auto"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <div className="grid gap-3 text-sm text-slate-700" data-testid="delete-account-summary">
          <DeletionSummary
            held={held.data ?? undefined}
            loading={held.isPending}
            failed={held.isError}
            onRetry={() => held.refetch()}
            onRedeem={() => setOpen(false)}
          />
          <ul className="grid list-disc gap-1 pl-5">
            <li>You are signed out on every device.</li>
            <li>Your name, email and profile picture are removed, and your username is freed.</li>
            <li>Your membership stops renewing.</li>
            <li>Your transaction history is kept in our ledger records.</li>
          </ul>
          <FormField id="delete-account-password" label="Your password" error={passwordError ?? undefined}>
            <PasswordInput
              {...fieldA11y("delete-account-password", passwordError ?? undefined)}
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setPasswordError(null);
              }}
            />
          </FormField>
        </div>
      </LazyFormDialog>
    </Card>
  );
}
