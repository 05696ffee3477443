import { TriangleAlert } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { formatDateTime } from "../../../lib/format";
import { errorMessage } from "../../../lib/utils";
import { useRetrySettlement, useSettlementFailures } from "../api";
import { ReviewQueueCard } from "./review-queue-card";

/**
 * Settlement failed: competitions (and group rounds) whose payout failed, with the error, how
 * often it failed and when the job tries again; Retry now settles at once or says why it cannot.
 * The others settle meanwhile (DESIGN 2.4).
 */
export function SettlementFailuresCard() {
  const query = useSettlementFailures();
  const retry = useRetrySettlement();
  const items = query.data?.map((f) => ({
    key: f.competitionId,
    name: f.groupId === null ? f.competitionName : `${f.competitionName} (group round)`,
    details: (
      <>
        <span className="block break-words font-mono text-xs text-red-800">{f.error}</span>
        <span className="block">
          Failed {f.attempts} {f.attempts === 1 ? "time" : "times"}
          {f.retryAt ? `; next try ${formatDateTime(f.retryAt)}` : ""}.
        </span>
      </>
    ),
    at: f.endDate,
    atLabel: "Ended",
    actions: (
      <Button
        variant="outline"
        size="sm"
        disabled={retry.isPending}
        aria-label={`Retry settlement of ${f.competitionName}`}
        onClick={() =>
          retry.mutate(f.competitionId, {
            onSuccess: (answer) =>
              toast({ title: "Settlement", description: answer.message, variant: "success" }),
            onError: (error) =>
              toast({
                title: "Settlement failed",
                description: errorMessage(error, "The settlement failed"),
                variant: "destructive",
              }),
          })
        }
      >
        Retry now
      </Button>
    ),
  }));
  return (
    <ReviewQueueCard
      title="Settlement failed"
      icon={TriangleAlert}
      description="Competitions whose payout failed. Each is tried again after a growing delay, and the others settle meanwhile; fix the cause, then Retry now."
      empty="Every due competition has settled."
      query={{ ...query, data: items }}
    />
  );
}
