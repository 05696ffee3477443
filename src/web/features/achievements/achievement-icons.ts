import {
  Award,
  CalendarCheck,
  CalendarHeart,
  CalendarRange,
  Crown,
  Flag,
  Flame,
  Footprints,
  Gift,
  Globe,
  Handshake,
  type LucideIcon,
  Map as MapIcon,
  Medal,
  Megaphone,
  MessageCircle,
  Mountain,
  Rocket,
  Shield,
  Star,
  Trophy,
  UserPlus,
  Users,
  Zap,
} from "lucide-react";

/**
 * The catalogue's `icon` names (lucide-react's kebab-case names) to their components, imported
 * one by one so the bundle carries only these. An unknown name shows Award.
 */
export const ACHIEVEMENT_ICONS: Readonly<Record<string, LucideIcon>> = {
  footprints: Footprints,
  map: MapIcon,
  mountain: Mountain,
  globe: Globe,
  zap: Zap,
  flame: Flame,
  rocket: Rocket,
  flag: Flag,
  medal: Medal,
  shield: Shield,
  trophy: Trophy,
  award: Award,
  crown: Crown,
  users: Users,
  "user-plus": UserPlus,
  handshake: Handshake,
  "message-circle": MessageCircle,
  megaphone: Megaphone,
  "calendar-check": CalendarCheck,
  "calendar-range": CalendarRange,
  "calendar-heart": CalendarHeart,
  star: Star,
  gift: Gift,
};

export function achievementIcon(name: string): LucideIcon {
  return Object.hasOwn(ACHIEVEMENT_ICONS, name) ? (ACHIEVEMENT_ICONS[name] as LucideIcon) : Award;
}
