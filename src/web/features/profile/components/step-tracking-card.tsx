import { Smartphone } from "lucide-react";
import { STEP_ACCURACY_TEXT } from "../../../../core/constants";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";

const POINTS = [
  "Steps are counted by your phone's motion sensors while StepRace is open.",
  "Keep the app open and the screen unlocked while you walk; a locked screen pauses counting.",
  "Counts are synced to the server automatically, so competitions and points stay up to date.",
  `${STEP_ACCURACY_TEXT} Carrying the phone in a pocket helps.`,
];

/** How step tracking works, in short. */
export function StepTrackingCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Smartphone className="size-5 text-emerald-700" aria-hidden="true" /> Step Tracking
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm text-slate-700">
          {POINTS.map((point) => (
            <li key={point} className="flex gap-2">
              <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-emerald-600" aria-hidden="true" />
              {point}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
