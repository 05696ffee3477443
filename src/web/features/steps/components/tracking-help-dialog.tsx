import {
  BatteryMedium,
  Hand,
  Info,
  type LucideIcon,
  RefreshCw,
  Smartphone,
  SunMedium,
  WifiOff,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Tabs } from "../../../components/ui/tabs";
import { isIos } from "../../../lib/device";

export type HelpPlatform = "ios" | "android" | "other";

/** The setup tab that matches this device, opened first. */
export function devicePlatform(): HelpPlatform {
  if (typeof navigator === "undefined") return "other";
  if (isIos()) return "ios";
  return /Android/i.test(navigator.userAgent) ? "android" : "other";
}

function Steps({ children }: { children: ReactNode }) {
  return (
    <ol className="grid list-decimal gap-2 pl-5 text-sm text-slate-700 marker:font-semibold marker:text-emerald-700">
      {children}
    </ol>
  );
}

const setup: Record<HelpPlatform, ReactNode> = {
  ios: (
    <Steps>
      <li>Open StepRace in Safari.</li>
      <li>
        Tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>, and open StepRace from its icon.
      </li>
      <li>
        On the dashboard, tap <strong>Grant Permission</strong> and choose <strong>Allow</strong> when asked
        for motion and orientation access, then tap <strong>Start Tracking</strong>.
      </li>
      <li>
        Denied it by mistake? Go to Settings &gt; Safari &gt; Motion &amp; Orientation Access, enable it, then
        reload StepRace.
      </li>
    </Steps>
  ),
  android: (
    <Steps>
      <li>Open StepRace in Chrome.</li>
      <li>
        Tap the <strong>⋮</strong> menu, then <strong>Install app</strong> (or{" "}
        <strong>Add to Home screen</strong>), and open StepRace from its icon.
      </li>
      <li>
        On the dashboard, tap <strong>Grant Permission</strong> (Chrome does not ask; it is granted at once),
        then <strong>Start Tracking</strong>.
      </li>
      <li>
        No steps counted? In Chrome, open Settings &gt; Site settings &gt; Motion sensors and allow StepRace.
      </li>
    </Steps>
  ),
  other: (
    <Steps>
      <li>
        StepRace counts steps with a phone's motion sensors. Computers have none: open StepRace on your phone
        and sign in there.
      </li>
      <li>Use an up-to-date Safari, Chrome, Samsung Internet, Edge or Firefox.</li>
      <li>
        Install StepRace from the browser's menu (<strong>Install app</strong> or{" "}
        <strong>Add to Home Screen</strong>) so it opens full screen.
      </li>
      <li>
        Try the <strong>Step Test</strong> page to check that syncing works (its practice taps do not count).
      </li>
    </Steps>
  ),
};

function Section({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="flex items-center gap-2 text-sm font-bold text-slate-900">
        <Icon className="size-4 text-emerald-700" aria-hidden="true" />
        {title}
      </h3>
      {children}
    </section>
  );
}

function Tip({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="flex gap-2.5 text-sm text-slate-700">
      <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span>{children}</span>
    </li>
  );
}

/** How to set up and get the most out of step tracking (specification 1, section 2.11). */
export function TrackingHelpDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [platform, setPlatform] = useState<HelpPlatform>(devicePlatform);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-5 sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>How step tracking works</DialogTitle>
          <DialogDescription>
            StepRace counts your steps with your phone's motion sensors while the app is open, and syncs them
            to your account.
          </DialogDescription>
        </DialogHeader>

        <Section icon={Smartphone} title="Set up your device">
          <Tabs
            label="Device"
            value={platform}
            onValueChange={setPlatform}
            items={[
              { key: "ios", label: "iPhone", content: setup.ios },
              { key: "android", label: "Android", content: setup.android },
              { key: "other", label: "Other", content: setup.other },
            ]}
          />
        </Section>

        <Section icon={Hand} title="Best practices">
          <ul className="grid gap-2">
            <Tip icon={SunMedium}>
              Keep StepRace open with the screen on while you walk. StepRace keeps the screen awake while
              tracking, so it does not lock by itself.
            </Tip>
            <Tip icon={Hand}>Carry your phone in a pocket or in your hand, not in a bag.</Tip>
            <Tip icon={RefreshCw}>
              Sync before you close the app, so your latest steps count on the leaderboard and in your
              competitions.
            </Tip>
          </ul>
        </Section>

        <Section icon={BatteryMedium} title="Battery and offline">
          <ul className="grid gap-2">
            <Tip icon={BatteryMedium}>
              A screen that stays on uses more battery: lower the brightness, and charge before a long walk. A
              low-power mode may slow the sensors down.
            </Tip>
            <Tip icon={WifiOff}>
              No connection? Keep walking: steps are kept on this phone and sent with the next sync once you
              are back online.
            </Tip>
          </ul>
        </Section>

        <div className="grid gap-1.5 rounded-xl bg-amber-50 p-4 text-sm text-amber-950">
          <p className="flex items-center gap-2 font-bold">
            <Info className="size-4" aria-hidden="true" /> Limits of an installed web app
          </p>
          <p>
            Browsers stop the motion sensors when the screen locks or StepRace is in the background, so steps
            taken then are not counted. Unlike a native app, StepRace cannot read your phone's built-in step
            counter or count in the background.
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
