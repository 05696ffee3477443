import { useState } from "react";
import { FormDialog } from "../../../components/form-dialog";
import {
  SecondFactorField,
  type SecondFactorMode,
  secondFactorBody,
} from "../../../components/second-factor-field";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { useDisableTwoFactor } from "../two-factor-api";

/** Turning two-factor sign-in off: asks for a current code (or a recovery code) first. */
export function TurnOffDialog({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const [mode, setMode] = useState<SecondFactorMode>("code");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = secondFactorBody(mode, value);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    disable.mutate(checked.body, {
      onSuccess: (r) => {
        toast({ title: "Two-Factor Sign-In Off", description: r.message, variant: "success" });
        onClose();
      },
      onError: (err) => setError(errorMessage(err, "That code did not work.")),
    });
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Turn Off Two-Factor Sign-In"
      description="Enter the code from your authenticator app (or a recovery code). Afterwards your password alone signs you in."
      submitLabel="Turn Off"
      pendingLabel="Turning off..."
      pending={disable.isPending}
      onSubmit={onSubmit}
      destructive
    >
      <SecondFactorField
        id="disable-second-factor"
        mode={mode}
        onModeChange={(m) => {
          setMode(m);
          setError(undefined);
        }}
        value={value}
        onChange={setValue}
        error={error}
      />
    </FormDialog>
  );
}
