import { SW_REGISTER_DELAY_MS } from "../../core/constants";
import { readStorage, removeStorage, storageKeys, writeStorage } from "./storage";

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
  window.setTimeout(() => {
    import("./service-worker-updates")
      .then(({ register }) => register())
      .catch((error: unknown) => console.info("Service worker not registered:", error));
  }, SW_REGISTER_DELAY_MS);
}
