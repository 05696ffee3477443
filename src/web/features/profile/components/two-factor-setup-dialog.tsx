import { useEffect, useRef, useState } from "react";
import type { RecoveryCodes, TwoFactorSetup } from "../../../../core/schemas/two-factor";
import { SecondFactorField, secondFactorBody } from "../../../components/second-factor-field";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { useConfirmTwoFactor, useRenewRecoveryCodes, useStartTwoFactorSetup } from "../two-factor-api";
import { CopyButton, RecoveryCodesView } from "./recovery-codes-view";

/** Groups of four, as apps print secrets, so it can be typed by hand without losing one's place. */
const spaced = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/**
 * Turning two-factor on: the QR code and the secret (to type instead), then a code from the app
 * confirms it; the recovery codes are shown once, closed with "I saved them".
 */
export function TwoFactorSetupDialog({ onClose }: { onClose: () => void }) {
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<RecoveryCodes | null>(null);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const startSetup = start.mutate;
  // One set-up per opening: each start makes a new secret, replacing the one on screen.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startSetup(undefined, {
      onSuccess: setSetup,
      onError: (err) => {
        toast({
          title: "Could Not Start",
          description: errorMessage(err, "Please try again."),
          variant: "destructive",
        });
        onClose();
      },
    });
  }, [startSetup, onClose]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = secondFactorBody("code", value);
    if (!checked.ok || !checked.body.code) {
      setError(checked.ok ? undefined : checked.message);
      return;
    }
    confirm.mutate(
      { code: checked.body.code },
      { onSuccess: setCodes, onError: (err) => setError(errorMessage(err, "That code did not work.")) },
    );
  };

  // Once the codes show, the dialog only closes through "I saved them" (they are never shown again).
  return (
    <Dialog open onOpenChange={(open) => !open && !codes && !confirm.isPending && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{codes ? "Save Your Recovery Codes" : "Turn On Two-Factor Sign-In"}</DialogTitle>
          <DialogDescription>
            {codes
              ? codes.message
              : "Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...), then enter the 6-digit code it shows."}
          </DialogDescription>
        </DialogHeader>
        {codes ? (
          <RecoveryCodesView codes={codes.recoveryCodes} onDone={onClose} />
        ) : !setup ? (
          <div className="flex justify-center p-6">
            <Spinner label="Preparing your QR code" />
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <img
              src={setup.qrCode}
              alt="QR code for your authenticator app"
              width={192}
              height={192}
              className="mx-auto size-48 rounded-lg bg-white"
            />
            <div className="grid gap-1 text-sm">
              <p className="text-slate-600">Can't scan it? Type this key into the app instead:</p>
              <div className="flex flex-wrap items-center gap-2">
                <code
                  data-testid="two-factor-secret"
                  className="rounded-lg bg-slate-100 px-2 py-1 font-mono break-all"
                >
                  {spaced(setup.secret)}
                </code>
                <CopyButton text={setup.secret} what="The key" label="Copy Key" />
              </div>
            </div>
            <CodeFields
              id="setup-code"
              value={value}
              onChange={setValue}
              error={error}
              pending={confirm.isPending}
              submitLabel="Turn On"
              onCancel={onClose}
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** New recovery codes: a code from the app, then the new codes shown once. */
export function RenewRecoveryCodesDialog({ onClose }: { onClose: () => void }) {
  const renew = useRenewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = secondFactorBody("code", value);
    if (!checked.ok || !checked.body.code) {
      setError(checked.ok ? undefined : checked.message);
      return;
    }
    renew.mutate(
      { code: checked.body.code },
      {
        onSuccess: (r) => setCodes(r.recoveryCodes),
        onError: (err) => setError(errorMessage(err, "That code did not work.")),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !codes && !renew.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New Recovery Codes</DialogTitle>
          <DialogDescription>
            {codes
              ? "Here are your new recovery codes. The old ones no longer work."
              : "Enter the code from your authenticator app. Your old recovery codes will stop working."}
          </DialogDescription>
        </DialogHeader>
        {codes ? (
          <RecoveryCodesView codes={codes} onDone={onClose} />
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <CodeFields
              id="renew-code"
              value={value}
              onChange={setValue}
              error={error}
              pending={renew.isPending}
              submitLabel="Make New Codes"
              onCancel={onClose}
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A code from the authenticator app, with Cancel and the form's own submit (set-up, new codes). */
function CodeFields(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      <SecondFactorField
        id={props.id}
        mode="code"
        onModeChange={() => undefined}
        value={props.value}
        onChange={props.onChange}
        error={props.error}
        codeOnly
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={props.onCancel} disabled={props.pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={props.pending}>
          {props.pending ? "Checking..." : props.submitLabel}
        </Button>
      </div>
    </>
  );
}
