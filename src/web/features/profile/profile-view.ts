import { parseMinor } from "../../../core/money";
import { formatCount } from "../../../core/numbers";
import { coins, dollars } from "../../lib/format";

/** Pure rules and texts of the profile screen (specification 3 sections 5 and 8). */

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const PROFILE_TEXTS = {
  updated: { title: "Profile Updated", description: "Your profile has been saved." },
  updateFailed: { title: "Error", fallback: "Failed to update profile" },
  invalidFile: { title: "Invalid File", description: "Please select an image file." },
  tooLarge: { title: "File Too Large", description: "Please select an image smaller than 5MB." },
  uploaded: { title: "Profile Picture Updated", description: "Your new profile picture is saved." },
  uploadFailed: { title: "Upload Failed", fallback: "Failed to upload profile picture" },
  cancelFailed: "Failed to cancel subscription",
  reactivateFailed: "Failed to reactivate subscription",
  deleteFailed: "Failed to delete account",
} as const;

export type FileCheck = { ok: true } | { ok: false; title: string; description: string };

/** The client's checks before an upload: an image type, at most 5 MB (the server checks the bytes). */
export function checkImageFile(file: { type: string; size: number }): FileCheck {
  if (!file.type.startsWith("image/")) return { ok: false, ...PROFILE_TEXTS.invalidFile };
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return { ok: false, ...PROFILE_TEXTS.tooLarge };
  return { ok: true };
}

/** The subscription card shows only while the membership is active or set to end (spec 3, Profile). */
export function showsSubscription(status: string): boolean {
  return status === "active" || status === "cancel_at_period_end";
}

/** "Jane Doe", or the username when both names are blank (an anonymised or new account). */
export function displayName(user: { firstName: string; lastName: string; username: string }): string {
  return [user.firstName.trim(), user.lastName.trim()].filter(Boolean).join(" ") || user.username;
}

/** One competition or group the member gives up by deleting, as the deletion dialog lists it. */
export type DeletionEntry = {
  kind: "competition" | "group";
  id: number;
  name: string;
  paid: number;
  underWay: boolean;
};

/**
 * What deleting the account takes, as the confirmation says it (DESIGN 1; issue 32): the three
 * balances, and each entry with what becomes of what was paid into it. `redeem`: where a gift card
 * can still turn FitCoins or points into something kept (only when the member holds enough for the
 * cheapest one); `cannotRedeem`: why what they hold cannot be redeemed, said instead of a link that leads
 * to nothing they can take.
 */
export function deletionLosses(held: {
  balance: string;
  fitcoins: number;
  points: number;
  cheapestRedemption: { fitcoins: number | null; points: number | null };
  entries: DeletionEntry[];
  /** Whether the member's email is verified: redemptions need it. */
  emailVerified: boolean;
}) {
  const wallet = dollars(held.balance);
  const fitcoins = `${coins(held.fitcoins)} FC`;
  const points = formatCount(held.points);
  const entries = held.entries.map((e) => {
    const what = e.kind === "group" ? "group" : "competition";
    const fee = e.paid > 0 ? `${coins(e.paid)} FC` : null;
    const text = e.underWay
      ? fee
        ? `Under way: the ${fee} you paid in stays in its pool, and you win no prize.`
        : "Under way: you leave it and win no prize."
      : fee
        ? `Not started: the ${fee} you paid in comes back to your FitCoins, and is lost with them.`
        : `Not started: you leave the ${what}.`;
    return { key: `${what}-${e.id}`, name: e.name, kind: what, text };
  });
  // Compared in hundredths of a FitCoin, never as floating point.
  const cheapest = held.cheapestRedemption;
  const heldMinor = parseMinor(held.fitcoins) ?? 0;
  const cheapestMinor = cheapest.fitcoins === null ? null : parseMinor(cheapest.fitcoins);
  const heldFitcoins = heldMinor > 0;
  const fitcoinsEnough = heldFitcoins && cheapestMinor !== null && heldMinor >= cheapestMinor;
  const pointsEnough = held.points > 0 && cheapest.points !== null && held.points >= cheapest.points;
  // Gift cards go only to a verified address (redemptions answer 403 before it).
  const verified = held.emailVerified;
  const cannotRedeem = [
    heldFitcoins && !fitcoinsEnough
      ? cheapest.fitcoins === null
        ? "No gift card is offered for FitCoins this month."
        : `Your FitCoins are too few to redeem: the smallest gift card takes ${coins(cheapest.fitcoins)} FC.`
      : null,
    held.points > 0 && !pointsEnough
      ? cheapest.points === null
        ? "No gift card is offered for points now."
        : `Your points are too few to redeem: the smallest gift card takes ${formatCount(cheapest.points)} points.`
      : null,
    (fitcoinsEnough || pointsEnough) && !verified
      ? "To redeem them, verify your email first: gift cards are sent only to a verified address."
      : null,
  ].filter((line): line is string => line !== null);
  return {
    wallet,
    fitcoins,
    points,
    entries,
    any: wallet !== "$0.00" || heldFitcoins || held.points !== 0,
    redeem: { fitcoins: fitcoinsEnough && verified, points: pointsEnough && verified },
    cannotRedeem: cannotRedeem.length ? cannotRedeem.join(" ") : null,
  };
}
