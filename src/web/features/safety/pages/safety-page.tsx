import { CircleCheck, CircleX, ShieldCheck } from "lucide-react";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";

const encouraged = [
  "Support other members",
  "Share tips and motivation",
  "Celebrate others' achievements",
  "Keep conversations friendly",
  "Report concerns to our team",
];

const prohibited = [
  "Harassment or bullying",
  "Spam or unwanted content",
  "Cheating or manipulating step counts",
  "Inappropriate content",
  "Fake accounts",
];

export function SafetyPage() {
  return (
    <>
      <PageHeader
        title="Safety & Privacy"
        description="Keep StepRace friendly and fair for everyone."
        backHref="/"
        backLabel="Back to Dashboard"
      />
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-emerald-800">Encouraged</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2">
              {encouraged.map((item) => (
                <li key={item} className="flex items-center gap-2 text-sm">
                  <CircleCheck className="size-4 text-emerald-600" aria-hidden="true" /> {item}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-red-800">Prohibited</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2">
              {prohibited.map((item) => (
                <li key={item} className="flex items-center gap-2 text-sm">
                  <CircleX className="size-4 text-red-600" aria-hidden="true" /> {item}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <section aria-labelledby="blocked" className="md:col-span-2">
          <h2 id="blocked" className="mb-3 text-lg font-bold">
            Blocked Users
          </h2>
          <EmptyState icon={ShieldCheck} title="You haven't blocked anyone">
            Blocked members can't contact you, and their messages are hidden.
          </EmptyState>
        </section>
      </div>
    </>
  );
}
