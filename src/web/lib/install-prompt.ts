import { createExternalStore } from "./external-store";

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

export const installPromptStore = createExternalStore<BeforeInstallPromptEvent | null>(null);

/** Listens from the first script on: the event can fire before React has mounted. */
export function captureInstallPrompt(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    installPromptStore.set(event as BeforeInstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => installPromptStore.set(null));
}

export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const event = installPromptStore.get();
  if (!event) return "unavailable";
  await event.prompt();
  const choice = await event.userChoice;
  installPromptStore.set(null);
  return choice.outcome;
}
