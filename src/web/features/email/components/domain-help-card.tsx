import { Globe } from "lucide-react";
import { DOMAIN_VERIFICATION_MINUTES } from "../../../../core/constants";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { verificationWindow } from "../email-types";

const RECORDS = [
  { name: "SPF", what: "a TXT record naming the servers allowed to send for your domain" },
  { name: "DKIM", what: "the TXT or CNAME records that sign each message" },
  { name: "DMARC", what: "a TXT record at _dmarc telling receivers what to do with unsigned mail" },
];

/** The domain-verification DNS help block (specification 3, Email test). */
export function DomainHelpCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe className="size-5 text-emerald-700" aria-hidden="true" /> Domain Verification
        </CardTitle>
        <CardDescription>
          Emails arrive reliably once your sending domain is verified. At your DNS host, add the records your
          mail provider gives you:
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-700">
        <ul className="grid gap-2">
          {RECORDS.map((r) => (
            <li key={r.name} className="flex gap-2">
              <span className="h-fit shrink-0 rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-semibold text-slate-900">
                {r.name}
              </span>
              <span>{r.what}.</span>
            </li>
          ))}
        </ul>
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-amber-900">
          Verification usually takes {verificationWindow(DOMAIN_VERIFICATION_MINUTES)}. Until then test emails
          may be delayed or land in spam.
        </p>
        <p>
          Without <code className="font-mono text-xs">SMTP_URL</code> nothing leaves the server: every message
          is kept in the outbox below and written to the server log.
        </p>
      </CardContent>
    </Card>
  );
}
