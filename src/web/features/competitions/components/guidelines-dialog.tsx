import { ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { parseMinor } from "../../../../core/money";
import type { Competition } from "../../../../core/schemas/competitions";
import { joinReturnPath } from "../../../app/return-path";
import { FitcoinShortfall } from "../../../components/fitcoin-shortfall";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { entryFeeLabel, fc, guidelinesFor } from "../competition-view";

/** Competition Guidelines: must be acknowledged before Join Competition is enabled. */
export function GuidelinesDialog({
  competition,
  fitcoins,
  open,
  onOpenChange,
  onConfirm,
  pending,
}: {
  competition: Competition;
  fitcoins: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
}) {
  const [agreed, setAgreed] = useState(false);
  const checkboxId = useId();
  // Add FitCoins comes back to this page (the competitions list, an invite) with this dialog open,
  // once the member holds the entry fee (issue 32 item 1).
  const [here] = useLocation();
  const search = useSearch();
  const fee = competition.entryFee === null ? 0 : (parseMinor(competition.entryFee) ?? 0);
  const have = fitcoins === null ? null : parseMinor(fitcoins);
  const short = have !== null && fee > have;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setAgreed(false);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-emerald-700" aria-hidden="true" /> Competition Guidelines
          </DialogTitle>
          <DialogDescription>Please read these before joining {competition.name}.</DialogDescription>
        </DialogHeader>
        <ul className="grid list-disc gap-2 pl-5 text-sm text-slate-800">
          {guidelinesFor(competition, new Date()).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <dl className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-3 text-sm">
          <dt className="text-slate-600">Entry fee</dt>
          <dd className="text-right font-bold tabular-nums">{entryFeeLabel(competition.entryFee)}</dd>
          <dt className="text-slate-600">Your FitCoins</dt>
          <dd className="text-right font-bold tabular-nums">{fitcoins === null ? "-" : fc(fitcoins)}</dd>
        </dl>
        {short ? (
          <FitcoinShortfall
            text={`You need ${entryFeeLabel(competition.entryFee)} to join.`}
            needMinor={fee}
            returnTo={joinReturnPath(here, search, competition.id)}
          />
        ) : null}
        <div className="flex items-start gap-3">
          <Checkbox id={checkboxId} checked={agreed} onCheckedChange={(v) => setAgreed(v === true)} />
          <Label htmlFor={checkboxId} className="leading-snug font-medium">
            I have read and accept the competition guidelines
          </Label>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={onConfirm} disabled={!agreed || pending || short}>
            {pending ? "Joining..." : short ? "Insufficient FitCoins" : "Join Competition"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
