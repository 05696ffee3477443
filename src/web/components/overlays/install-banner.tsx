import { Download, Share, X } from "lucide-react";
import { useEffect, useState } from "react";
import { IOS_INSTALL_HINT_DELAY_MS } from "../../../core/constants";
import { isIos, isStandalone } from "../../lib/device";
import { useExternalStore } from "../../lib/external-store";
import { installPromptStore, promptInstall } from "../../lib/install-prompt";
import { readStorage, storageKeys, writeStorage } from "../../lib/storage";
import { Button } from "../ui/button";
import { type InFlow, useShownFromPageStart } from "./page-start";

/**
 * Install-app banner: when the browser offers an install prompt, or on iOS after 3 s; never when
 * already installed or once dismissed (specification 1, section 4). In the page's flow, from a
 * page's start only (`inFlow`).
 */
export function InstallBanner({ inFlow }: { inFlow?: InFlow }) {
  const promptEvent = useExternalStore(installPromptStore);
  const [dismissed, setDismissed] = useState(
    () => readStorage(storageKeys.installBannerDismissed) === "true",
  );
  const [iosHint, setIosHint] = useState(false);
  const standalone = isStandalone();

  useEffect(() => {
    if (standalone || dismissed || !isIos()) return;
    const timer = window.setTimeout(() => setIosHint(true), IOS_INSTALL_HINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [standalone, dismissed]);

  const shown = useShownFromPageStart(!standalone && !dismissed && (!!promptEvent || iosHint), inFlow);
  if (!shown) return null;

  const dismiss = () => {
    writeStorage(storageKeys.installBannerDismissed, "true");
    setDismissed(true);
  };

  return (
    <section className="overlay-stack-item" aria-label="Install app">
      <div className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-xl anim-slide-up">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-emerald-100 text-emerald-800">
          <Download className="size-5" aria-hidden="true" />
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-bold text-slate-900">Install StepRace</p>
          {promptEvent ? (
            <p className="text-sm text-slate-600">
              Add the app to your home screen for quick access and step tracking.
            </p>
          ) : (
            <p className="text-sm text-slate-600">
              Tap <Share className="inline size-4 align-text-bottom" aria-label="Share" /> then{" "}
              <strong>Add to Home Screen</strong>.
            </p>
          )}
          {promptEvent ? (
            <Button
              size="sm"
              className="mt-3"
              onClick={async () => {
                const outcome = await promptInstall();
                if (outcome === "accepted") dismiss();
              }}
            >
              Install
            </Button>
          ) : null}
        </div>
        <button
          type="button"
          onClick={dismiss}
          className="rounded-lg p-1 text-slate-500 outline-none hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-emerald-600"
        >
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">Dismiss install banner</span>
        </button>
      </div>
    </section>
  );
}
