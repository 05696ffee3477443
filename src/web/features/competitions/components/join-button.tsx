import { UserPlus } from "lucide-react";
import { useState } from "react";
import type { Competition } from "../../../../core/schemas/competitions";
import { useReopenJoin } from "../../../app/use-reopen-join";
import { Button } from "../../../components/ui/button";
import { lazyDialog } from "../../../components/ui/lazy-dialog";
import { useJoinFlow } from "../hooks/use-join-flow";

// Opened by Join: not part of the competitions list's first load.
const GuidelinesDialog = lazyDialog(async () => (await import("./guidelines-dialog")).GuidelinesDialog);

/**
 * Join: the guidelines first, then the join flow. The page's `?join=<id>` opens them at once (back
 * from adding the FitCoins the entry fee needs).
 */
export function JoinButton({
  competition,
  fitcoins,
  onJoined,
}: {
  competition: Competition;
  fitcoins: number | null;
  onJoined?: () => void;
}) {
  const [opened, setOpened] = useState(false);
  const [reopen, forgetReopen] = useReopenJoin(competition.id);
  const open = opened || reopen;
  const setOpen = (next: boolean) => {
    setOpened(next);
    if (!next && reopen) forgetReopen();
  };
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
