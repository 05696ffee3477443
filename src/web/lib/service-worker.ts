import { SW_REGISTER_DELAY_MS, SW_REGISTER_TIMEOUT_MS, SW_UPDATE_RECHECK_MS } from "../../core/constants";
import { readStorage, removeStorage, storageKeys, writeStorage } from "./storage";
import { updateAvailableStore } from "./update-available";

export { updateAvailableStore };

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

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * Not on localhost (specification 1, section 4), so development never serves stale bundles.
 * `?sw=1` opts a local browser in (remembered), `?sw=0` opts it out again.
 */
export function shouldRegisterServiceWorker(): boolean {
  if (!("serviceWorker" in navigator)) return false;
  const flag = new URLSearchParams(window.location.search).get("sw");
  if (flag === "1") writeStorage(storageKeys.serviceWorkerOptIn, "1");
  if (flag === "0") removeStorage(storageKeys.serviceWorkerOptIn);
  if (readStorage(storageKeys.serviceWorkerOptIn) === "1") return true;
  const host = window.location.hostname;
  return !LOCAL_HOSTS.has(host) && !host.endsWith(".localhost");
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

async function register(): Promise<void> {
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

const SILENCED_ERROR =
  /service ?worker|sw\.js|networkerror|network error|failed to fetch|load failed|network connection was lost/i;

function describeReason(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  return typeof reason === "string" ? reason : "";
}

/** Service-worker and network rejections, and opaque cross-origin script errors, are not app bugs. */
function silenceBackgroundErrors(): void {
  window.addEventListener("unhandledrejection", (event) => {
    if (SILENCED_ERROR.test(describeReason(event.reason))) event.preventDefault();
  });
  window.addEventListener("error", (event) => {
    if (event.message === "Script error." || SILENCED_ERROR.test(event.message ?? "")) event.preventDefault();
  });
}

export function startServiceWorker(): void {
  silenceBackgroundErrors();
  if (!shouldRegisterServiceWorker()) return;
  window.setTimeout(() => void register(), SW_REGISTER_DELAY_MS);
}
