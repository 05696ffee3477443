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

/** Only same-site paths are followed; anything else opens the Notifications page itself. */
export function safeLink(link: string): string {
  return link.startsWith("/") && !link.startsWith("//") && !link.includes("\\") ? link : "/notifications";
}
