import { Ban, UserRound } from "lucide-react";
import { Link } from "wouter";
import type { Report } from "../../../../../core/schemas/safety";
import { Button } from "../../../../components/ui/button";
import { toast } from "../../../../components/ui/use-toast";
import type { BanTarget } from "./ban-dialog";

/** A report's buttons in the Reports queue: open the reported member's page, ban them, mark reviewed. */
export function ReportActions({
  report,
  onBan,
  review,
}: {
  report: Report;
  onBan: (target: BanTarget) => void;
  review: {
    mutate: (id: number, o: { onSuccess: () => void; onError: (e: Error) => void }) => void;
    isPending: boolean;
  };
}) {
  const who = `@${report.reported.username}`;
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <Link href={`/admin/users/${report.reported.id}`}>
          <UserRound aria-hidden="true" /> Open member<span className="sr-only"> {who}</span>
        </Link>
      </Button>
      <Button
        variant="destructive"
        size="sm"
        onClick={() =>
          onBan({ id: report.reported.id, username: report.reported.username, reportId: report.id })
        }
      >
        <Ban aria-hidden="true" /> Ban<span className="sr-only"> {who}</span>
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={review.isPending}
        aria-label={`Mark ${report.reported.username} reviewed`}
        onClick={() =>
          review.mutate(report.id, {
            onSuccess: () =>
              toast({ title: "Reviewed", description: `The report about ${who} is reviewed.` }),
            onError: (error) => toast({ title: "Error", description: error.message, variant: "destructive" }),
          })
        }
      >
        Mark reviewed
      </Button>
    </div>
  );
}
