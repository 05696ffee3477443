import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { captureInstallPrompt } from "./lib/install-prompt";
import { startServiceWorker } from "./lib/service-worker";
import { reloadOnStaleChunks } from "./lib/stale-chunks";
import "./styles.css";

captureInstallPrompt();
startServiceWorker();
reloadOnStaleChunks();

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
