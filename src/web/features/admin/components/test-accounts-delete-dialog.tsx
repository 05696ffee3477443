import { useId, useState } from "react";
import type { TestAccount } from "../../../../core/schemas/members";
import { FormDialog } from "../../../components/form-dialog";
import { Checkbox } from "../../../components/ui/checkbox";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { useDeleteTestAccounts } from "../users-api";
import { atStakeLabel, displayName, testAccountsDeletion } from "./users-model";

/**
 * Delete All Test Accounts, asked first (DESIGN 1, admin user management): it names everyone it
 * deletes, and lists apart the accounts with a subscription or a balance, kept unless ticked one
 * by one. Deleting keeps the ledger, so what they hold stays on the books out of anyone's reach.
 */
export function TestAccountsDeleteDialog({
  accounts,
  open,
  onClose,
}: {
  accounts: readonly TestAccount[];
  open: boolean;
  onClose: () => void;
}) {
  const deleteAll = useDeleteTestAccounts();
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const { clean, atStake, includeIds, deleteCount } = testAccountsDeletion(accounts, ticked);
  const prefix = useId();

  const close = () => {
    setTicked(new Set());
    onClose();
  };
  const tick = (id: number, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !deleteAll.isPending) close();
      }}
      title="Delete All Test Accounts"
      description="Deleting removes personal data for good; the ledger history stays. This cannot be undone."
      submitLabel={`Delete ${deleteCount} Test Account${deleteCount === 1 ? "" : "s"}`}
      pendingLabel="Deleting..."
      pending={deleteAll.isPending}
      submitDisabled={deleteCount === 0}
      destructive
      className="max-h-[90dvh] overflow-y-auto"
      onSubmit={(event) => {
        event.preventDefault();
        deleteAll.mutate(
          { includeIds, shownIds: accounts.map((a) => a.id) },
          {
            onSuccess: (result) => {
              toast({ title: "Test Accounts Deleted", description: result.message });
              close();
            },
            onError: () =>
              toast({
                title: "Delete Failed",
                description: "Failed to delete test accounts. Please try again.",
                variant: "destructive",
              }),
          },
        );
      }}
    >
      <section className="grid gap-2" aria-labelledby={`${prefix}-clean`}>
        <h3 id={`${prefix}-clean`} className="text-sm font-semibold text-slate-900">
          Will be deleted ({clean.length})
        </h3>
        {clean.length === 0 ? (
          <p className="text-sm text-slate-600">No test account without a subscription or a balance.</p>
        ) : (
          <ul className="grid max-h-40 gap-1 overflow-y-auto text-sm" aria-label="Test accounts to delete">
            {clean.map((a) => (
              <li key={a.id} className="truncate rounded-lg bg-slate-50 px-3 py-1.5">
                <span className="font-semibold text-slate-900">{displayName(a)}</span>{" "}
                <span className="text-slate-500">@{a.username}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {atStake.length > 0 ? (
        <section className="grid gap-2" aria-labelledby={`${prefix}-stake`}>
          <h3 id={`${prefix}-stake`} className="text-sm font-semibold text-amber-900">
            Kept: subscription or balance ({atStake.length})
          </h3>
          <p className="text-sm text-slate-600">
            Deleting one of these ends their membership's renewal, and what they hold stays in an account
            nobody can sign in to. Tick an account to delete it anyway.
          </p>
          <ul className="grid gap-2" aria-label="Test accounts kept">
            {atStake.map((a) => {
              const id = `${prefix}-${a.id}`;
              return (
                <li
                  key={a.id}
                  className="flex min-w-0 items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3"
                >
                  {a.isAdmin ? null : (
                    <Checkbox
                      id={id}
                      checked={ticked.has(a.id)}
                      onCheckedChange={(v) => tick(a.id, v === true)}
                      aria-describedby={`${id}-stake`}
                      className="mt-0.5"
                    />
                  )}
                  <div className="grid min-w-0 gap-1">
                    <Label htmlFor={a.isAdmin ? undefined : id} className="truncate leading-snug">
                      {a.isAdmin ? null : <span className="sr-only">Delete anyway </span>}
                      {displayName(a)} <span className="font-normal text-slate-500">@{a.username}</span>
                    </Label>
                    <p id={`${id}-stake`} className="text-sm font-medium text-amber-900">
                      {atStakeLabel(a)}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </FormDialog>
  );
}
