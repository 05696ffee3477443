import type { Competition } from "../../../core/schemas/competitions";
import { inviteLink, shareText } from "./competition-view";

export type ShareOutcome = "shared" | "copied" | "cancelled" | "failed";

/** The parts of `navigator` a share uses, so a test can pass its own. */
export interface ShareTarget {
  share?: (data: ShareData) => Promise<void>;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

/**
 * Shares a competition's invite link (specification 2 section 9): the device's share sheet when
 * it has one, otherwise the clipboard. A share the member cancels is not an error.
 */
export async function shareCompetition(
  competition: Pick<Competition, "name" | "prizePool" | "inviteCode" | "entryFee">,
  origin: string,
  target: ShareTarget,
): Promise<ShareOutcome> {
  const url = inviteLink(origin, competition.inviteCode);
  const text = shareText(competition);
  if (typeof target.share === "function") {
    try {
      await target.share({ title: competition.name, text, url });
      return "shared";
    } catch (error) {
      if (error instanceof Error && error.name === "AbortError") return "cancelled";
      // The sheet failed (not allowed here, say): the clipboard still works.
    }
  }
  try {
    if (!target.clipboard) return "failed";
    await target.clipboard.writeText(`${text} ${url}`);
    return "copied";
  } catch {
    return "failed";
  }
}
