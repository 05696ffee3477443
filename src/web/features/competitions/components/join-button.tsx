import { UserPlus } from "lucide-react";
import { useState } from "react";
import type { Competition } from "../../../../core/schemas/competitions";
import { Button } from "../../../components/ui/button";
import { lazyDialog } from "../../../components/ui/lazy-dialog";
import { useJoinFlow } from "../hooks/use-join-flow";

// Opened by Join: not part of the competitions list's first load.
const GuidelinesDialog = lazyDialog(async () => (await import("./guidelines-dialog")).GuidelinesDialog);

/** Join: the guidelines first, then the join flow. */
export function JoinButton({
  competition,
  fitcoins,
  onJoined,
}: {
  competition: Competition;
  fitcoins: number | null;
  onJoined?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const flow = useJoinFlow();

  const onConfirm = async () => {
    const joined = await flow.run(competition.id);
    if (joined) {
      setOpen(false);
      onJoined?.();
    }
  };

  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-label={`Join ${competition.name}`}>
        <UserPlus aria-hidden="true" /> Join
      </Button>
      <GuidelinesDialog
        competition={competition}
        fitcoins={fitcoins}
        open={open}
        onOpenChange={setOpen}
        onConfirm={() => void onConfirm()}
        pending={flow.isPending}
      />
    </>
  );
}
