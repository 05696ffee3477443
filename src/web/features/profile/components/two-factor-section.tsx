import { Smartphone } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "wouter";
import { Button } from "../../../components/ui/button";
import { lazyDialog } from "../../../components/ui/lazy-dialog";
import { useTwoFactorStatus } from "../two-factor-api";

/** `/profile?twoFactor=setup` opens the set-up at once (where an admin without it is sent). */
export const TWO_FACTOR_SETUP_PATH = "/profile?twoFactor=setup";

// The dialogs and their code checks load when one first opens (or a few seconds after the page shows).
const TwoFactorSetupDialog = lazyDialog(
  async () => (await import("./two-factor-setup-dialog")).TwoFactorSetupDialog,
);
const RenewRecoveryCodesDialog = lazyDialog(
  async () => (await import("./two-factor-setup-dialog")).RenewRecoveryCodesDialog,
);
const TurnOffDialog = lazyDialog(async () => (await import("./two-factor-off-dialog")).TurnOffDialog);

/** Two-factor sign-in in the Security card: whether it is on, and turning it on or off. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<"setup" | "off" | "renew" | null>(null);
  const askedForSetup = params.get("twoFactor") === "setup";
  const enabled = status.data?.enabled;

  useEffect(() => {
    if (askedForSetup && enabled === false) {
      setOpen("setup");
      setParams((p) => {
        p.delete("twoFactor");
        return p;
      });
    }
  }, [askedForSetup, enabled, setParams]);

  return (
    <section aria-labelledby="two-factor-title" className="grid gap-3">
      <h3 id="two-factor-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Smartphone className="size-4" aria-hidden="true" /> Two-Factor Sign-In:{" "}
        <span data-testid="two-factor-state">{status.data ? (enabled ? "On" : "Off") : "..."}</span>
      </h3>
      {enabled ? (
        <>
          <p>
            Signing in asks for a code from your authenticator app after your password.{" "}
            {status.data?.recoveryCodesLeft ?? 0} of 10 recovery codes left.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setOpen("renew")} className="w-full sm:w-fit">
              New Recovery Codes
            </Button>
            <Button variant="outline" onClick={() => setOpen("off")} className="w-full sm:w-fit">
              Turn Off
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>
            Add a code from an authenticator app on your phone to every sign-in, so a stolen password is not
            enough.
          </p>
          <Button onClick={() => setOpen("setup")} disabled={!status.data} className="w-full sm:w-fit">
            Turn On Two-Factor
          </Button>
        </>
      )}
      {open === "setup" ? <TwoFactorSetupDialog onClose={() => setOpen(null)} /> : null}
      {open === "off" ? <TurnOffDialog onClose={() => setOpen(null)} /> : null}
      {open === "renew" ? <RenewRecoveryCodesDialog onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
