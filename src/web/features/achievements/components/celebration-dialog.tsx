import { PartyPopper } from "lucide-react";
import { Link } from "wouter";
import type { Achievement } from "../../../../core/schemas/achievements";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { cn } from "../../../lib/utils";
import { achievementIcon } from "../achievement-icons";
import { RARITY_LABELS } from "../achievement-view";
import { RARITY_STYLES } from "../rarity-styles";

/** The badges a check call found newly unlocked; closing it (any way) marks them as viewed. */
export function CelebrationDialog({ items, onClose }: { items: Achievement[]; onClose: () => void }) {
  const one = items.length === 1;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="text-center">
        <DialogHeader className="items-center pr-0">
          <span className="flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <PartyPopper className="size-7" aria-hidden="true" />
          </span>
          <DialogTitle className="text-xl">
            {one ? "Achievement Unlocked!" : `${items.length} Achievements Unlocked!`}
          </DialogTitle>
          <DialogDescription>
            {one ? "You earned a new badge. Keep it up!" : "You earned new badges. Keep it up!"}
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-3 text-left" aria-label="Unlocked badges">
          {items.map((a) => {
            const Icon = achievementIcon(a.icon);
            const style = RARITY_STYLES[a.rarity];
            return (
              <li key={a.id} className={cn("flex items-center gap-3 rounded-2xl border p-3", style.card)}>
                <span
                  className={cn(
                    "flex size-12 shrink-0 items-center justify-center rounded-full shadow-md",
                    style.medallion,
                  )}
                >
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <span className="grid min-w-0 gap-0.5">
                  <span className="font-bold text-slate-900">{a.name}</span>
                  <span className="text-sm text-slate-700">{a.description}</span>
                  <span className={cn("w-fit rounded-full px-2 py-0.5 text-xs font-semibold", style.label)}>
                    {RARITY_LABELS[a.rarity]}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
        <DialogFooter className="sm:justify-center">
          <Button variant="outline" asChild>
            <Link href="/achievements" onClick={onClose}>
              View All Badges
            </Link>
          </Button>
          <Button onClick={onClose}>Awesome!</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
