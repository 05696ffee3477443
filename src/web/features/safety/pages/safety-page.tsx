import { Flag, UserX } from "lucide-react";
import { useState } from "react";
import { PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { BlockUserDialog } from "../components/block-user-dialog";
import { BlockedUsersList } from "../components/blocked-users-list";
import { GuidelinesCard } from "../components/guidelines-card";
import { ReportUserDialog } from "../components/report-user-dialog";
import { ENCOURAGED, PROHIBITED } from "../safety-view";

type OpenDialog = "block" | "report" | null;

export function SafetyPage() {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const onOpenChange = (which: Exclude<OpenDialog, null>) => (open: boolean) =>
    setDialog(open ? which : null);

  return (
    <>
      <PageHeader
        title="Safety & Privacy"
        description="Keep StepRace friendly and fair for everyone."
        backHref="/"
        backLabel="Back to Dashboard"
      />
      <div className="grid gap-6 md:grid-cols-2">
        <Card className="md:col-span-2">
          <CardHeader>
            <CardTitle>Protect yourself</CardTitle>
            <CardDescription>
              Block a member to stop them contacting you, or report one who breaks the guidelines.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-3">
            <Button variant="outline" onClick={() => setDialog("block")}>
              <UserX aria-hidden="true" /> Block User
            </Button>
            <Button variant="outline" onClick={() => setDialog("report")}>
              <Flag aria-hidden="true" /> Report User
            </Button>
          </CardContent>
        </Card>
        <div className="md:col-span-2">
          <BlockedUsersList />
        </div>
        <GuidelinesCard title="Encouraged" items={ENCOURAGED} tone="encouraged" />
        <GuidelinesCard title="Prohibited" items={PROHIBITED} tone="prohibited" />
      </div>
      <BlockUserDialog open={dialog === "block"} onOpenChange={onOpenChange("block")} />
      <ReportUserDialog open={dialog === "report"} onOpenChange={onOpenChange("report")} />
    </>
  );
}
