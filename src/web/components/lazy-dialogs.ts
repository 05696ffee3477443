import { lazyDialog } from "./ui/lazy-dialog";

/**
 * The shared dialogs for a screen that offers one but shows none at first (a confirmation, a
 * form behind a button): their code, and the dialog library's (one file), is not part of the
 * screen's first load. It arrives a few seconds after such a dialog is mounted (closed, with
 * `open={false}`), or when one first opens, whichever comes first (components/ui/lazy-dialog.tsx);
 * each is one shared part, so a dialog mounted only once asked for finds the code another one on
 * the screen loaded. Screens that open one as they appear import the dialog itself.
 */
export const LazyConfirmDialog = lazyDialog(async () => (await import("./confirm-dialog")).ConfirmDialog);
export const LazyFormDialog = lazyDialog(async () => (await import("./form-dialog")).FormDialog);
export const LazyNoticeDialog = lazyDialog(async () => (await import("./notice-dialog")).NoticeDialog);
