import { storeInviteSchema } from "../../../core/schemas/auth";
import { apiRequest } from "../../lib/api-client";
import { type PendingInvite, writePendingInvite } from "./pending-invite";

/**
 * Stores an invite code from an invite link: locally first, then on the server. A failed call
 * keeps the local copy (specification 1, section 7). Loaded on demand: only invite links need it.
 */
export async function storeInvite(invite: PendingInvite): Promise<boolean> {
  const parsed = storeInviteSchema.safeParse(invite);
  if (!parsed.success) return false;
  writePendingInvite(parsed.data);
  try {
    await apiRequest("/api/auth/store-invite", { method: "POST", body: parsed.data });
  } catch {
    // Kept locally; the join screen and community rules read it from there.
  }
  return true;
}
