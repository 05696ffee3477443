import { KeyRound, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { lazyDialog } from "../../../components/ui/lazy-dialog";
import { PasskeysSection } from "./passkeys-section";
import { SessionsList } from "./sessions-list";
import { TwoFactorSection } from "./two-factor-section";

// The form and its rules load when it first opens (or a few seconds after the page shows).
const ChangePasswordDialog = lazyDialog(
  async () => (await import("./change-password-dialog")).ChangePasswordDialog,
);

/** Sign-in and security: the password, changed with the current one, and where you are signed in. */
export function SecurityCard({ timeZone }: { timeZone: string }) {
  const [changing, setChanging] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-emerald-700" aria-hidden="true" /> Security
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5 text-sm text-slate-700">
        <div className="grid gap-3">
          <p>Changing your password signs you out on every other device.</p>
          <Button variant="outline" onClick={() => setChanging(true)} className="w-full sm:w-fit">
            <KeyRound aria-hidden="true" /> Change Password
          </Button>
        </div>
        <PasskeysSection timeZone={timeZone} />
        <TwoFactorSection />
        <SessionsList timeZone={timeZone} />
      </CardContent>
      {changing ? <ChangePasswordDialog onClose={() => setChanging(false)} /> : null}
    </Card>
  );
}
