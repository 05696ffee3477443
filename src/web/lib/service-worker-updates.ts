// The service worker's registration and updates: loaded with the registration, a few seconds
// after the start (lib/service-worker.ts), and by the update banner; not part of the first load.
import { SW_REGISTER_TIMEOUT_MS, SW_UPDATE_RECHECK_MS } from "../../core/constants";
import { updateAvailableStore } from "./update-available";

let waitingWorker: ServiceWorker | null = null;
const RELOAD_FALLBACK_MS = 1500;

function markUpdateAvailable(worker: ServiceWorker | null): void {
  if (worker) waitingWorker = worker;
  updateAvailableStore.set(true);
}

/** The update banner's Refresh: activate the waiting worker, then reload once it controls the page. */
export function applyUpdate(): void {
  const worker = waitingWorker;
  if (!worker || !("serviceWorker" in navigator)) {
    window.location.reload();
    return;
  }
  let reloaded = false;
  const reload = () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener("controllerchange", reload, { once: true });
  worker.postMessage({ type: "SKIP_WAITING" });
  window.setTimeout(reload, RELOAD_FALLBACK_MS);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error("Service worker registration timed out")), ms);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function watchRegistration(registration: ServiceWorkerRegistration): void {
  if (registration.waiting && navigator.serviceWorker.controller) markUpdateAvailable(registration.waiting);

  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      // Without a controller this is the first install, not an update.
      if (worker.state === "installed" && navigator.serviceWorker.controller) markUpdateAvailable(worker);
    });
  });

  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (typeof data === "object" && data !== null && "type" in data) {
      const type = (data as { type: unknown }).type;
      if (type === "SW_UPDATED" || type === "APP_UPDATED") markUpdateAvailable(null);
    }
  });

  let recheck: number | undefined;
  document.addEventListener("visibilitychange", () => {
    window.clearTimeout(recheck);
    if (document.visibilityState !== "visible") return;
    recheck = window.setTimeout(() => {
      registration.update().catch(() => undefined);
    }, SW_UPDATE_RECHECK_MS);
  });
}

export async function register(): Promise<void> {
  try {
    const registration = await withTimeout(
      navigator.serviceWorker.register("/sw.js", { scope: "/" }),
      SW_REGISTER_TIMEOUT_MS,
    );
    watchRegistration(registration);
  } catch (error) {
    // A failed registration counts as success: the app works online without a worker.
    console.info("Service worker not registered:", error);
  }
}
