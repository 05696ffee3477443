import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadLikelyPage } from "./app/pages";
import { currentUserQueryOptions } from "./features/auth/api";
import { captureInstallPrompt } from "./lib/install-prompt";
import { queryClient } from "./lib/query-client";
import { startServiceWorker } from "./lib/service-worker";
import { reloadOnStaleChunks } from "./lib/stale-chunks";
import "./styles.css";

captureInstallPrompt();
startServiceWorker();
reloadOnStaleChunks();
preloadLikelyPage(window.location.pathname);

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

// Three tasks rather than one long one, so the page answers input in between: this script, then
// the session request (its first one computes the device fingerprint, and a browser's first use
// of Intl for the time zone takes tens of milliseconds on a phone), then the first render, which
// finds the request under way. Until then the boot splash of index.html shows, the same picture.
setTimeout(() => {
  void queryClient.prefetchQuery(currentUserQueryOptions);
});
setTimeout(() => {
  const root = createRoot(container);
  // A transition: React renders the first screen in slices, answering input in between.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
