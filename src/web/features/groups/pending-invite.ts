import { readStorage, removeStorage, storageKeys, writeStorage } from "../../lib/storage";

export type InviteType = "group" | "competition";

export interface PendingInvite {
  inviteCode: string;
  type: InviteType;
}

/** The invite code kept locally until the member joins (specification 2, section 4). */
export function readPendingInvite(): PendingInvite | null {
  const inviteCode = readStorage(storageKeys.pendingInviteCode);
  if (!inviteCode) return null;
  const type = readStorage(storageKeys.pendingInviteType) === "competition" ? "competition" : "group";
  return { inviteCode, type };
}

export function writePendingInvite(invite: PendingInvite): void {
  writeStorage(storageKeys.pendingInviteCode, invite.inviteCode);
  writeStorage(storageKeys.pendingInviteType, invite.type);
}

export function clearPendingInvite(): void {
  removeStorage(storageKeys.pendingInviteCode);
  removeStorage(storageKeys.pendingInviteType);
}

/** Where a stored invite leads once the member has access. */
export function pendingInvitePath(invite: PendingInvite): string {
  return invite.type === "group" ? `/join/${encodeURIComponent(invite.inviteCode)}` : "/competitions";
}

/**
 * Forgets a kept group invite once it has done its work (joined, already a member, declined, or
 * not valid). The access gate stores the code of every invite link after loading its module, so
 * this waits for that first; otherwise the code would come back after being cleared.
 */
export async function forgetGroupInvite(inviteCode: string): Promise<void> {
  await import("./store-invite");
  await new Promise((resolve) => window.setTimeout(resolve, 0));
  const invite = readPendingInvite();
  if (invite?.type === "group" && invite.inviteCode === inviteCode) clearPendingInvite();
}
