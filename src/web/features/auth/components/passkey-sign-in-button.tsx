import { Fingerprint } from "lucide-react";
import { useState } from "react";
import type { User } from "../../../../core/schemas/auth";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";

/**
 * "Use a passkey" on the sign-in page (not "Sign in with ...": the journeys and assistive tools find
 * the password form's button by the name "Sign In", which must stay the only one): the device asks for the member's fingerprint, face
 * or screen lock, and they are signed in without typing anything. The ceremony's code loads on press.
 */
export function PasskeySignInButton({
  disabled,
  onSignedIn,
}: {
  disabled: boolean;
  onSignedIn: (user: User) => Promise<void>;
}) {
  const [pending, setPending] = useState(false);
  const onClick = async () => {
    setPending(true);
    try {
      const { signInWithPasskey } = await import("../passkey-ceremony");
      await onSignedIn(await signInWithPasskey());
    } catch (error) {
      toast({
        title: "Passkey Sign-In Failed",
        description: errorMessage(error, "Your passkey could not be used. Sign in with your password."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button type="button" variant="outline" size="lg" disabled={disabled || pending} onClick={onClick}>
      <Fingerprint aria-hidden="true" /> {pending ? "Waiting for your passkey…" : "Use a passkey"}
    </Button>
  );
}
