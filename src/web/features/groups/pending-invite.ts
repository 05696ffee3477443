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
