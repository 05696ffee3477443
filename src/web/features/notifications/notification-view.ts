import {
  Award,
  BadgeCheck,
  CircleDollarSign,
  Clock,
  Flag,
  Gift,
  type LucideIcon,
  Play,
  RotateCcw,
  ShieldAlert,
  Trophy,
  UserPlus,
} from "lucide-react";
import type { NotificationKind } from "../../../core/schemas/notifications";

export const kindIcons: Record<NotificationKind, LucideIcon> = {
  competition_won: Trophy,
  competition_finished: Flag,
  competition_refunded: RotateCcw,
  refund_deleted: RotateCcw,
  refund_gift_card: CircleDollarSign,
  competition_starting: Clock,
  competition_started: Play,
  review_held: ShieldAlert,
  review_cleared: BadgeCheck,
  gift_card_delivered: Gift,
  achievement_unlocked: Award,
  group_joined: UserPlus,
};

/** "just now", "5 min ago", "3 h ago", "2 days ago", then the date. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? "yesterday" : `${days} days ago`;
  return new Date(iso).toLocaleDateString(undefined, { month: "short", day: "numeric" });
}

/** Only same-site paths are followed; anything else opens the Notifications page itself. */
export function safeLink(link: string): string {
  return link.startsWith("/") && !link.startsWith("//") && !link.includes("\\") ? link : "/notifications";
}
