import { Link } from "wouter";
import { PageSpinner } from "../../../components/layout/loading-splash";
import { PageHeader } from "../../../components/layout/page";
import { Card, CardContent } from "../../../components/ui/card";
import { formatDay } from "../../../lib/format";
import { type LegalDocumentName, useLegalDocument } from "../api";
import { legalBlocks } from "../legal-text";

const fallbackTitles: Record<LegalDocumentName, string> = {
  terms: "Terms of Service",
  privacy: "Privacy Policy",
};

/** The operator's Terms or Privacy text (TERMS_FILE, PRIVACY_FILE), shown as plain paragraphs. */
function LegalPage({ document }: { document: LegalDocumentName }) {
  const query = useLegalDocument(document);
  if (query.isPending) return <PageSpinner />;
  const blocks = query.data ? legalBlocks(query.data.text) : [];
  const title = blocks[0]?.kind === "title" ? blocks[0].text : fallbackTitles[document];
  const body = blocks[0]?.kind === "title" ? blocks.slice(1) : blocks;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5">
      <PageHeader
        title={title}
        description={
          query.data
            ? `Effective ${formatDay(query.data.effectiveDate, { weekday: false, year: true })}`
            : undefined
        }
        backHref="/help"
        backLabel="Help"
      />
      <Card>
        <CardContent className="grid gap-3 pt-6 text-[15px] leading-relaxed text-slate-700">
          {query.isError ? (
            <p role="alert">This page cannot be shown right now. Please try again later.</p>
          ) : (
            body.map((block, i) =>
              block.kind === "paragraph" ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never reorder.
                <p key={i}>{block.text}</p>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never reorder.
                <h2 key={i} className="mt-2 text-lg font-bold text-slate-900">
                  {block.text}
                </h2>
              ),
            )
          )}
        </CardContent>
      </Card>
      <p className="text-center text-sm text-slate-600">
        <Link
          href={document === "terms" ? "/privacy" : "/terms"}
          className="font-semibold text-emerald-700 hover:underline"
        >
          {document === "terms" ? "Privacy Policy" : "Terms of Service"}
        </Link>
      </p>
    </div>
  );
}

export function TermsPage() {
  return <LegalPage document="terms" />;
}

export function PrivacyPage() {
  return <LegalPage document="privacy" />;
}
