import { createExternalStore } from "./external-store";

/**
 * True once a new service worker is installed and waiting, or a message said the app was updated.
 * Its own module, so the app can wait for it without loading the service worker's code.
 */
export const updateAvailableStore = createExternalStore(false);
