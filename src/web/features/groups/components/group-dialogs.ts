import { lazyDialog } from "../../../components/ui/lazy-dialog";

/**
 * The group screens' dialogs. Forms with their rules and their form library load when one first
 * opens, or a few seconds after the screen shows: the list's and the page's first screens need
 * none of them.
 */
export const ContributeDialog = lazyDialog(
  async () => (await import("./contribute-dialog")).ContributeDialog,
);
export const EditGroupDialog = lazyDialog(async () => (await import("./edit-group-dialog")).EditGroupDialog);
export const EmailInviteDialog = lazyDialog(
  async () => (await import("./email-invite-dialog")).EmailInviteDialog,
);
export const EntryPriceDialog = lazyDialog(
  async () => (await import("./entry-price-dialog")).EntryPriceDialog,
);
export const LeaveGroupDialog = lazyDialog(
  async () => (await import("./leave-group-dialog")).LeaveGroupDialog,
);
export const ShareGroupDialog = lazyDialog(
  async () => (await import("./share-group-dialog")).ShareGroupDialog,
);
