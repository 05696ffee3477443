import { Share2 } from "lucide-react";
import type { Competition } from "../../../../core/schemas/competitions";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { shareCompetition } from "../competition-share";

/** Share: the device's share sheet or the clipboard, with the competition's invite link. */
export function ShareButton({ competition }: { competition: Competition }) {
  const onShare = async () => {
    const outcome = await shareCompetition(competition, window.location.origin, navigator);
    if (outcome === "shared") {
      toast({
        title: "Shared Successfully",
        description: "Thanks for spreading the word!",
        variant: "success",
      });
    } else if (outcome === "copied") {
      toast({
        title: "Link Copied",
        description: "The invite link is on your clipboard.",
        variant: "success",
      });
    } else if (outcome === "failed") {
      toast({
        title: "Could not share",
        description: "This browser allowed neither sharing nor copying the link.",
        variant: "destructive",
      });
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void onShare()}
      aria-label={`Share ${competition.name}`}
    >
      <Share2 aria-hidden="true" /> Share
    </Button>
  );
}
