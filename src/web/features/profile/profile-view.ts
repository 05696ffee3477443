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

/** What deleting the account leaves behind: the balances, shown in the confirm dialog (DESIGN 1). */
export function remainingHoldings(user: { balance: string; fitcoins: number }): {
  wallet: string;
  fitcoins: string;
  any: boolean;
} {
  const wallet = dollars(user.balance);
  const fitcoins = coins(user.fitcoins);
  return { wallet, fitcoins, any: wallet !== "$0.00" || fitcoins !== "0.00" };
}

/**
 * Time zones the select offers: the platform's IANA list when it has one, always including the
 * member's current zone so the select never silently changes it.
 */
export function timeZoneOptions(current: string, supported: readonly string[]): string[] {
  const zones = supported.length > 0 ? [...supported] : ["UTC"];
  if (current && !zones.includes(current)) zones.unshift(current);
  return zones;
}

export function supportedTimeZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.("timeZone") ?? [];
  } catch {
    return [];
  }
}

/** "12,345" */
export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}
