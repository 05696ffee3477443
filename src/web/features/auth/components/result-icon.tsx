import type { LucideIcon } from "lucide-react";
import { cn } from "../../../lib/utils";

const TONES = {
  success: "bg-emerald-100 text-emerald-700",
  warning: "bg-amber-100 text-amber-700",
} as const;

/** The large round icon atop an auth result panel (email sent, reset done, link invalid). */
export function ResultIcon({ icon: Icon, tone }: { icon: LucideIcon; tone: keyof typeof TONES }) {
  return (
    <div className={cn("mx-auto flex size-16 items-center justify-center rounded-full", TONES[tone])}>
      <Icon className="size-8" aria-hidden="true" />
    </div>
  );
}
