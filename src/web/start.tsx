import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { appRenders } from "./lib/api-client";
import { documentStyled } from "./lib/document-styled";

// The app itself, loaded by the entry (main.tsx) once the session's and the screen's requests are
// on their way: React's DOM renderer, the providers and the access gate evaluate in a task of
// their own, and the first render runs in a later one, into the parsed and styled page. Until then
// the boot splash of index.html shows, the same picture. It renders when the entry says so
// (startApp), not when this chunk is evaluated: a screen's module that the entry imports early for
// its data may import from this chunk too, which evaluates it sooner.
function render(): void {
  const container = document.getElementById("root");
  if (!container) throw new Error("Missing #root element");
  appRenders();
  const root = createRoot(container);
  // A transition: React renders the first screen in slices, answering input in between.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

/** Renders the app once the page is parsed and styled, in a task of its own. */
export function startApp(): void {
  void documentStyled().then(() => setTimeout(render));
}
