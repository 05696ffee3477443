import { Mail } from "lucide-react";
import { Link } from "wouter";
import { PageHeader } from "../../../components/layout/page";
import { Card, CardContent } from "../../../components/ui/card";
import { useHelpInfo } from "../api";
import { helpSections } from "../help-view";

/** DESIGN 1 settlement timing: the default grace period, until the server has said its own. */
const DEFAULT_GRACE_MINUTES = 10;

/** Help (issue 22): the support address and the questions members ask, for everyone. */
export function HelpPage() {
  const info = useHelpInfo();
  const sections = helpSections({ graceMinutes: info.data?.settlementGraceMinutes ?? DEFAULT_GRACE_MINUTES });
  const email = info.data?.supportEmail;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5">
      <PageHeader title="Help" description="Answers about steps, fees, prizes and refunds." />
      <Card>
        <CardContent className="flex flex-col gap-2 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="font-bold text-slate-900">Contact us</h2>
            <p className="text-sm text-slate-600">Write to us about anything these answers leave open.</p>
          </div>
          {email ? (
            <a
              href={`mailto:${email}`}
              className="inline-flex items-center gap-2 break-all rounded-lg font-semibold text-emerald-700 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-emerald-600"
              data-testid="support-email"
            >
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              {email}
            </a>
          ) : (
            <span className="text-sm text-slate-500">
              {info.isError ? "Address unavailable" : "Loading..."}
            </span>
          )}
        </CardContent>
      </Card>
      <nav aria-label="Topics" className="flex flex-wrap gap-2">
        {sections.map((s) => (
          <a
            key={s.id}
            href={`#${s.id}`}
            className="rounded-full border border-slate-200 bg-white px-3 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            {s.title}
          </a>
        ))}
      </nav>
      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className="scroll-mt-20"
        >
          <h2 id={`${section.id}-title`} className="mb-2 text-lg font-extrabold text-slate-900">
            {section.title}
          </h2>
          <Card>
            <CardContent className="divide-y divide-slate-100 p-0">
              {section.questions.map((q) => (
                <details key={q.question} className="group px-5 py-3">
                  <summary className="cursor-pointer list-none font-semibold text-slate-800 marker:hidden">
                    <span className="mr-2 inline-block text-emerald-700 transition-transform group-open:rotate-90">
                      ›
                    </span>
                    {q.question}
                  </summary>
                  <p className="mt-2 pl-5 text-sm leading-relaxed text-slate-700">{q.answer}</p>
                </details>
              ))}
            </CardContent>
          </Card>
        </section>
      ))}
      <p className="text-center text-sm text-slate-600">
        See also the{" "}
        <Link href="/terms" className="font-semibold text-emerald-700 hover:underline">
          Terms
        </Link>{" "}
        and the{" "}
        <Link href="/privacy" className="font-semibold text-emerald-700 hover:underline">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
