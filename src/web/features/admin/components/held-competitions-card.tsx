import { Hourglass } from "lucide-react";
import { useState } from "react";
import { formatCount } from "../../../../core/numbers";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { type HeldDecision, useDecideHeldParticipant, useHeldCompetitions } from "../api";
import { ReviewQueueCard } from "./review-queue-card";

interface Pending {
  competitionId: number;
  competitionName: string;
  userId: number;
  name: string;
}

/**
 * Results under review: a competition whose payout waits on a would-be winner with an unreviewed
 * step flag. Clear counts their steps, Disqualify counts them as 0; then the payout runs.
 */
export function HeldCompetitionsCard() {
  const query = useHeldCompetitions();
  const decide = useDecideHeldParticipant();
  const [disqualifying, setDisqualifying] = useState<Pending | null>(null);

  const run = (p: Pending, decision: HeldDecision) =>
    decide.mutate(
      { competitionId: p.competitionId, userId: p.userId, decision },
      {
        onSuccess: (answer) => {
          setDisqualifying(null);
          toast({
            title: decision === "clear" ? "Participant Cleared" : "Participant Disqualified",
            description: answer?.message || `${p.name} in ${p.competitionName}.`,
            variant: "success",
          });
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error, "The decision failed"),
            variant: "destructive",
          }),
      },
    );

  const items = query.data?.flatMap((held) =>
    held.flagged.map((f) => {
      const p: Pending = {
        competitionId: held.competitionId,
        competitionName: held.competitionName,
        userId: f.userId,
        name: `${f.firstName} ${f.lastName}`,
      };
      return {
        key: f.userId,
        listKey: `${held.competitionId}-${f.userId}`,
        name: p.name,
        username: f.username,
        details: `${held.competitionName}: ${formatCount(f.steps)} steps. ${f.reason}`,
        at: held.endDate,
        atLabel: "Ended",
        actions: (
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={decide.isPending}
              aria-label={`Clear ${f.username} in ${held.competitionName}`}
              onClick={() => run(p, "clear")}
            >
              Clear
            </Button>
            <Button
              variant="destructive"
              size="sm"
              disabled={decide.isPending}
              aria-label={`Disqualify ${f.username} in ${held.competitionName}`}
              onClick={() => setDisqualifying(p)}
            >
              Disqualify
            </Button>
          </div>
        ),
      };
    }),
  );

  return (
    <>
      <ReviewQueueCard
        title="Results under review"
        icon={Hourglass}
        description="Payouts wait while a would-be winner has an unreviewed step flag. Clear them (their steps count) or disqualify them from that competition (their steps count as 0, their fee stays in the pool)."
        empty="No competition results are on hold."
        query={{ ...query, data: items }}
      />
      <Dialog
        open={disqualifying !== null}
        onOpenChange={(open) => !open && !decide.isPending && setDisqualifying(null)}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Disqualify participant</DialogTitle>
            <DialogDescription>
              {disqualifying
                ? `${disqualifying.name}'s steps will count as 0 in ${disqualifying.competitionName}; their entry fee stays in the prize pool. The payout then runs.`
                : ""}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDisqualifying(null)} disabled={decide.isPending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={decide.isPending}
              onClick={() => disqualifying && run(disqualifying, "disqualify")}
            >
              {decide.isPending ? "Disqualifying..." : "Disqualify"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
