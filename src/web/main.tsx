import { preloadLikelyPage } from "./app/pages";
import { currentUserQueryOptions } from "./features/auth/api";
import { captureInstallPrompt } from "./lib/install-prompt";
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
// The session request at once (its device fingerprint's time zone costs little: public/warm-intl.js
// has loaded the browser's Intl data in a worker by now), then the screen's.
void queryClient.prefetchQuery(currentUserQueryOptions);
const screenRequested = preloadLikelyPage(window.location.pathname);

// The app in a task of its own once the screen's requests are sent, which finds them under way.
void screenRequested.then(() => {
  setTimeout(() => {
    // A failed load (a release replaced the file) is reported as vite:preloadError, which reloads.
    void import("./start");
  });
});
