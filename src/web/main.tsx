import { preloadLikelyPage } from "./app/pages";
import { CONNECTION_ERROR_TEXT } from "./components/layout/connection-error-text";
import { currentUserQueryOptions } from "./features/auth/api";
import { captureInstallPrompt } from "./lib/install-prompt";
import { watchPageLeaving } from "./lib/page-leaving";
import { queryClient } from "./lib/query-client";
import { startServiceWorker } from "./lib/service-worker";
import { reloadOnStaleChunks } from "./lib/stale-chunks";
import "./styles.css";

// The entry starts what the first screen waits for, and only then the app. It is small (no React
// DOM, no screen), so it arrives and runs first: the session request, and for a stored member the
// screen's chunks and first data, leave while the app's own file (start.tsx, fetched beside this
// one: index.html preloads it) is still on its way, and React's set-up no longer stands between the
// page and its requests.
captureInstallPrompt();
startServiceWorker();
reloadOnStaleChunks();
watchPageLeaving();
// The session request at once (a returning device's fingerprint is stored; a first visit computes
// it, reading the time zone through Intl, which public/warm-intl.js warms in a worker), then the
// screen's.
void queryClient.prefetchQuery(currentUserQueryOptions);
const screenRequested = preloadLikelyPage(window.location.pathname);

// The app in a task of its own once the screen's requests are sent (at most APP_WAITS_MS: a
// screen's module that is slow to arrive does not hold the app back), which finds them under way.
const APP_WAITS_MS = 1_000;
void Promise.race([screenRequested, new Promise((resolve) => setTimeout(resolve, APP_WAITS_MS))]).then(() => {
  setTimeout(() => {
    // A failed load (a release replaced the file) is reported as vite:preloadError, which reloads
    // once; one that fails again (or offline, without the worker's copy) says so instead of a
    // splash that never ends.
    import("./start").then(({ startApp }) => startApp(), showStartFailure);
  });
});

/** The connection error without React (the app's own file is what failed), with its Retry. */
function showStartFailure(): void {
  const root = document.getElementById("root");
  if (!root) return;
  const page = document.createElement("main");
  page.className = "flex min-h-dvh items-center justify-center bg-slate-50 p-4";
  const card = document.createElement("div");
  card.className = "w-full max-w-sm rounded-2xl bg-white p-6 text-center shadow-sm";
  card.setAttribute("role", "alert");
  const title = document.createElement("h1");
  title.className = "text-lg font-bold";
  title.textContent = CONNECTION_ERROR_TEXT.title;
  const text = document.createElement("p");
  text.className = "mt-2 text-sm text-slate-600";
  text.textContent = CONNECTION_ERROR_TEXT.description;
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "mt-4 w-full rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white";
  retry.textContent = CONNECTION_ERROR_TEXT.retry;
  retry.addEventListener("click", () => window.location.reload());
  card.append(title, text, retry);
  page.append(card);
  root.replaceChildren(page);
}
