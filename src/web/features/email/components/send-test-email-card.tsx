import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { EMAIL_TYPE_REQUIRED_MESSAGE } from "../../../../core/schemas/rewards";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { cn, errorMessage } from "../../../lib/utils";
import { type EmailTestResult, useSendTestEmail } from "../api";
import { EMAIL_TYPES, emailTypeOf } from "../email-types";

/** Choose a type and send it to your own address (specification 3, Email test). */
export function SendTestEmailCard() {
  const [choice, setChoice] = useState("");
  const [last, setLast] = useState<EmailTestResult | null>(null);
  const send = useSendTestEmail();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const type = emailTypeOf(choice);
    if (!type) {
      toast({ title: "Error", description: EMAIL_TYPE_REQUIRED_MESSAGE, variant: "destructive" });
      return;
    }
    send.mutate(type, {
      onSuccess: (result) => {
        setLast(result);
        toast({ title: "Test Email Sent", description: result.message, variant: "success" });
      },
      onError: (error) =>
        toast({
          title: "Failed to send test email",
          description: errorMessage(error, "Please try again."),
          variant: "destructive",
        }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Send className="size-5 text-emerald-700" aria-hidden="true" /> Send a Test Email
        </CardTitle>
        <CardDescription>Each type is the real template, sent to your own address.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-semibold text-slate-900">Email type</legend>
            {EMAIL_TYPES.map((t) => {
              const id = `email-type-${t.type}`;
              return (
                <label
                  key={t.type}
                  htmlFor={id}
                  className={cn(
                    "flex cursor-pointer gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600",
                    choice === t.type
                      ? "border-emerald-600 bg-emerald-50"
                      : "border-slate-200 hover:bg-slate-50",
                  )}
                >
                  <input
                    id={id}
                    type="radio"
                    name="email-type"
                    value={t.type}
                    checked={choice === t.type}
                    onChange={() => setChoice(t.type)}
                    aria-describedby={`${id}-usage`}
                    className="mt-1 size-4 shrink-0 accent-emerald-700"
                  />
                  <span className="grid gap-0.5">
                    <span className="font-semibold text-slate-900">{t.label}</span>
                    <span id={`${id}-usage`} className="text-sm text-slate-600">
                      {t.usage}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          <Button type="submit" disabled={send.isPending}>
            <Send aria-hidden="true" /> {send.isPending ? "Sending..." : "Send Test Email"}
          </Button>
          {last ? (
            <p className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900" role="status">
              Sent “{last.subject}” to <span className="font-semibold break-all">{last.to}</span>.
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
