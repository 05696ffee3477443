import { useState } from "react";
import type { User } from "../../../../core/schemas/auth";
import {
  SecondFactorField,
  type SecondFactorMode,
  secondFactorBody,
} from "../../../components/second-factor-field";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/utils";
import { useSecondFactorLogin } from "../mutations";

/**
 * Sign-in's second step, after a right password with two-factor on: the app's code, or a recovery
 * code. A sign-in that expired (5 minutes, or 5 wrong codes) goes back to the password.
 */
export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: User) => void | Promise<void>;
  onRestart: (message: string) => void;
}) {
  const [mode, setMode] = useState<SecondFactorMode>("code");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const signIn = useSecondFactorLogin();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = secondFactorBody(mode, value);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(undefined);
    signIn.mutate(checked.body, {
      onSuccess: (user) => onSignedIn(user),
      onError: (err) => {
        if (err instanceof ApiError && err.code === "TWO_FACTOR_EXPIRED") onRestart(err.message);
        else setError(errorMessage(err, "That code did not work. Please try again."));
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Two-factor sign-in">
      <p className="text-sm text-slate-700">
        {mode === "code"
          ? "Open your authenticator app and enter the 6-digit code it shows for StepRace."
          : "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each one works once."}
      </p>
      <SecondFactorField
        id="login-second-factor"
        mode={mode}
        onModeChange={(next) => {
          setMode(next);
          setError(undefined);
        }}
        value={value}
        onChange={setValue}
        error={error}
      />
      <Button type="submit" size="lg" disabled={signIn.isPending}>
        {signIn.isPending ? "Verifying..." : "Verify and Sign In"}
      </Button>
      <button
        type="button"
        className="text-sm text-slate-600 underline-offset-4 hover:underline"
        onClick={() => onRestart("")}
      >
        Back to username and password
      </button>
    </form>
  );
}
