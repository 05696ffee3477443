import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { useExternalStore } from "../../lib/external-store";
import { applyUpdate } from "../../lib/service-worker-updates";
import { updateAvailableStore } from "../../lib/update-available";
import { Button } from "../ui/button";
import { type InFlow, useShownFromPageStart } from "./page-start";

/**
 * Shown when a new service worker is installed (specification 1, section 4); in the page's flow,
 * from a page's start only (`inFlow`).
 */
export function UpdateBanner({ inFlow }: { inFlow?: InFlow }) {
  const available = useExternalStore(updateAvailableStore);
  const [hidden, setHidden] = useState(false);
  const shown = useShownFromPageStart(!!available && !hidden, inFlow);
  if (!shown) return null;
  return (
    <section className="overlay-stack-item" aria-label="App update">
      <div className="flex items-center gap-3 rounded-2xl bg-indigo-700 p-3 pl-4 text-white shadow-xl anim-slide-up">
        <RefreshCw className="size-5 shrink-0" aria-hidden="true" />
        <p className="flex-1 text-sm font-medium">A new version of StepRace is available.</p>
        <Button size="sm" variant="inverse" onClick={applyUpdate}>
          Refresh
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-white hover:bg-white/15 hover:text-white"
          onClick={() => setHidden(true)}
        >
          Later
        </Button>
      </div>
    </section>
  );
}
