import { Trash2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { FormDialog } from "../../../components/form-dialog";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import type { User } from "../../auth/api";
import { useDeleteAccount } from "../api";
import { PROFILE_TEXTS, remainingHoldings } from "../profile-view";

/** Time to read the confirmation toast before the browser signs out (specification 3 section 4). */
const LOGOUT_DELAY_MS = 2_000;

/** Account deletion: one confirmation that says what is lost, then sign-out after 2 s. */
export function DangerZoneCard({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const remove = useDeleteAccount();
  const holdings = remainingHoldings(user);

  const onConfirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setDeleted(true);
        setOpen(false);
        toast({ title: "Account Deleted", description: "Your account has been deleted. Signing you out..." });
        window.setTimeout(() => {
          window.location.href = "/api/logout";
        }, LOGOUT_DELAY_MS);
      },
      onError: () =>
        toast({ title: "Error", description: PROFILE_TEXTS.deleteFailed, variant: "destructive" }),
    });

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
          onClick={() => setOpen(true)}
          disabled={deleted}
          className="w-full sm:w-fit"
        >
          <Trash2 aria-hidden="true" /> {deleted ? "Account Deleted" : "Delete Account"}
        </Button>
      </CardContent>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description="This cannot be undone."
        submitLabel="Delete Account"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <div className="grid gap-3 text-sm text-slate-700" data-testid="delete-account-summary">
          {holdings.any ? (
            <div className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-amber-950">
              <p className="font-semibold">You still hold:</p>
              <ul className="mt-1 grid gap-0.5">
                <li>
                  Wallet balance: <strong className="tabular-nums">{holdings.wallet}</strong>
                </li>
                <li>
                  FitCoins: <strong className="tabular-nums">{holdings.fitcoins} FC</strong>
                </li>
              </ul>
              <p className="mt-2">These balances are lost and are not refunded.</p>
            </div>
          ) : null}
          <ul className="grid list-disc gap-1 pl-5">
            <li>You are signed out on every device.</li>
            <li>Your name, email and profile picture are removed, and your username is freed.</li>
            <li>Your membership stops renewing.</li>
            <li>
              You leave every competition and group you are in. Entry fees and contributions paid into one
              that has started stay in its pool, and you win no prize.
            </li>
            <li>Your transaction history is kept in our ledger records.</li>
          </ul>
        </div>
      </FormDialog>
    </Card>
  );
}
