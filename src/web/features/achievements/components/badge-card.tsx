import { Lock, Sparkles } from "lucide-react";
import { formatDate } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { achievementIcon } from "../achievement-icons";
import { type BadgeView, progressText, RARITY_LABELS, requirementText } from "../achievement-view";
import { RARITY_STYLES } from "../rarity-styles";

function unlockedOn(iso: string | null): string {
  const day = iso ? formatDate(iso) : "";
  return day ? `Unlocked ${day}` : "Unlocked";
}

/**
 * One badge: unlocked in its rarity's colours, locked in grey with a lock and its progress.
 * A tap or a hover opens its tooltip (description and requirement) for 3 s.
 */
export function BadgeCard({
  badge,
  tooltipOpen,
  onShowTooltip,
}: {
  badge: BadgeView;
  tooltipOpen: boolean;
  onShowTooltip: (id: string) => void;
}) {
  const { achievement, unlocked, progress } = badge;
  const Icon = achievementIcon(achievement.icon);
  const style = RARITY_STYLES[achievement.rarity];
  const detailsId = `badge-${achievement.id}-details`;
  const details = `${achievement.description}. ${requirementText(achievement)}.`;

  return (
    <li className="relative" data-testid={`badge-${achievement.id}`} data-unlocked={unlocked}>
      <button
        type="button"
        aria-describedby={detailsId}
        onClick={() => onShowTooltip(achievement.id)}
        onPointerEnter={(e) => e.pointerType === "mouse" && onShowTooltip(achievement.id)}
        className={cn(
          "flex h-full w-full flex-col items-center gap-2 rounded-2xl border p-3 text-center shadow-sm transition outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 md:p-4",
          unlocked ? style.card : "border-slate-200 bg-slate-50",
        )}
      >
        <span className="relative mt-1">
          <span
            className={cn(
              "flex size-14 items-center justify-center rounded-full md:size-16",
              unlocked ? cn("shadow-md", style.medallion) : "bg-slate-200 text-slate-400",
            )}
          >
            <Icon className="size-7 md:size-8" aria-hidden="true" />
          </span>
          {unlocked ? null : (
            <span className="absolute -right-1 -bottom-1 flex size-6 items-center justify-center rounded-full bg-slate-600 text-white ring-2 ring-slate-50">
              <Lock className="size-3.5" aria-hidden="true" />
            </span>
          )}
          {badge.isNew ? (
            <span className="absolute -top-2 -right-3 inline-flex items-center gap-0.5 rounded-full bg-rose-600 px-1.5 py-0.5 text-[0.65rem] font-bold text-white uppercase">
              <Sparkles className="size-3" aria-hidden="true" /> New
            </span>
          ) : null}
        </span>
        <span
          className={cn("text-sm leading-tight font-bold", unlocked ? "text-slate-900" : "text-slate-700")}
        >
          {achievement.name}
        </span>
        <span
          className={cn(
            "rounded-full px-2 py-0.5 text-xs font-semibold",
            unlocked ? style.label : "bg-slate-200 text-slate-700",
          )}
        >
          {RARITY_LABELS[achievement.rarity]}
        </span>
        {unlocked ? (
          <span className="text-xs text-slate-600">{unlockedOn(badge.unlockedAt)}</span>
        ) : (
          <span className="grid w-full gap-1">
            <span className="sr-only">Locked.</span>
            <span className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
              <span className="block h-full rounded-full bg-slate-500" style={{ width: `${progress}%` }} />
            </span>
            <span className="text-xs font-semibold text-slate-600 tabular-nums">
              {progressText(progress)}
              <span className="sr-only"> complete</span>
            </span>
          </span>
        )}
      </button>
      <span id={detailsId} className="sr-only">
        {details}
      </span>
      {tooltipOpen ? (
        <span
          role="tooltip"
          className="anim-fade-in absolute inset-x-0 bottom-full z-20 mb-2 rounded-xl bg-slate-900 px-3 py-2 text-center text-xs leading-snug text-white shadow-lg"
        >
          <span className="block font-semibold">{achievement.description}</span>
          <span className="mt-0.5 block text-slate-200">{requirementText(achievement)}</span>
        </span>
      ) : null}
    </li>
  );
}
