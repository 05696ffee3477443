import type { AchievementRarity } from "../../../core/achievements";

/** The colours of an unlocked badge by rarity (a locked badge is grey whatever its rarity). */
export interface RarityStyle {
  card: string;
  medallion: string;
  label: string;
  bar: string;
}

export const RARITY_STYLES: Record<AchievementRarity, RarityStyle> = {
  legendary: {
    card: "border-amber-300 bg-gradient-to-b from-amber-50 to-white",
    medallion: "bg-gradient-to-br from-amber-400 to-orange-600 text-white shadow-amber-200",
    label: "bg-amber-100 text-amber-900",
    bar: "bg-amber-500",
  },
  epic: {
    card: "border-violet-300 bg-gradient-to-b from-violet-50 to-white",
    medallion: "bg-gradient-to-br from-violet-500 to-fuchsia-600 text-white shadow-violet-200",
    label: "bg-violet-100 text-violet-900",
    bar: "bg-violet-500",
  },
  rare: {
    card: "border-sky-300 bg-gradient-to-b from-sky-50 to-white",
    medallion: "bg-gradient-to-br from-sky-500 to-blue-700 text-white shadow-sky-200",
    label: "bg-sky-100 text-sky-900",
    bar: "bg-sky-500",
  },
  common: {
    card: "border-emerald-300 bg-gradient-to-b from-emerald-50 to-white",
    medallion: "bg-gradient-to-br from-emerald-500 to-teal-700 text-white shadow-emerald-200",
    label: "bg-emerald-100 text-emerald-900",
    bar: "bg-emerald-500",
  },
};
