import { CalendarDays, Ticket, Trophy, Users } from "lucide-react";
import { Link } from "wouter";
import { InviteSignIn } from "../../../components/invite/invite-sign-in";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { FactTile } from "../../../components/ui/stat-tile";
import { displayTimeZone, formatInZone } from "../../../lib/format";
import { useInvitePreview } from "../api";
import { entryFeeLabel, fc } from "../competition-view";
import { competitionInvitePath } from "../pending-competition-invite";

/** The places line: "12 of 50 places left", "Full", or "Open to everyone". */
export function placesText(preview: { placesLeft: number | null; maxParticipants: number | null }): string {
  if (preview.placesLeft === null || preview.maxParticipants === null) return "No limit";
  if (preview.placesLeft === 0) return "Full";
  return `${preview.placesLeft} of ${preview.maxParticipants} left`;
}

/**
 * A competition invite opened by a visitor (DESIGN 1, competition invite links): the public
 * preview, dates in the visitor's own zone, what joining needs, then Sign up or Sign in, both
 * coming back here; neither while entries are closed (issue 32).
 */
export function InvitePreviewCard({ code }: { code: string }) {
  const preview = useInvitePreview(code);
  const timeZone = displayTimeZone();
  const back = competitionInvitePath(code);
  if (preview.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading the invite" />
      </div>
    );
  }
  const p = preview.data;
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="items-center text-center">
        <div className="mb-2 flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-600">
          <Trophy className="size-7" aria-hidden="true" />
        </div>
        <CardTitle className="text-2xl">{p ? p.name : "Invalid Invite Link"}</CardTitle>
        <CardDescription>
          {p
            ? "You've been invited to a StepRace step competition."
            : preview.isError
              ? "We could not load this invite. Check your connection and try again."
              : "This invite link is invalid, or the competition no longer exists."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {p ? (
          <>
            {p.description ? <p className="text-center text-sm text-slate-700">{p.description}</p> : null}
            <dl className="grid gap-2" aria-label="Competition details">
              <FactTile icon={CalendarDays} label="Dates">
                {formatInZone(p.startDate, timeZone)} to {formatInZone(p.endDate, timeZone)}
              </FactTile>
              <div className="grid grid-cols-2 gap-2">
                <FactTile icon={Ticket} label="Entry fee">
                  {entryFeeLabel(p.entryFee)}
                </FactTile>
                <FactTile icon={Trophy} label="Prize pool">
                  {fc(p.prizePool)}
                </FactTile>
              </div>
              <FactTile icon={Users} label="Places">
                <span data-testid="places-left">{placesText(p)}</span> · {p.participantCount} joined
              </FactTile>
            </dl>
            {p.entriesOpen ? (
              <InviteSignIn invitePath={back} />
            ) : (
              <>
                <p
                  className="rounded-xl bg-amber-50 px-3 py-2 text-center text-sm text-amber-950"
                  role="status"
                >
                  {p.status === "completed"
                    ? "This competition has ended."
                    : p.placesLeft === 0
                      ? "This competition is full."
                      : "Entries for this competition are closed."}
                </p>
                <Button asChild size="lg" variant="outline">
                  <Link href="/">Go to StepRace</Link>
                </Button>
              </>
            )}
          </>
        ) : preview.isError ? (
          <Button onClick={() => void preview.refetch()}>Try Again</Button>
        ) : (
          <Button asChild>
            <Link href="/">Go to StepRace</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
