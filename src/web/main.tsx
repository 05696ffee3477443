import { StrictMode } from "react";
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
// The session request and the likely screen's code start now, together, not one after the other
// once the first render has happened.
void queryClient.prefetchQuery(currentUserQueryOptions);
preloadLikelyPage(window.location.pathname);

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
