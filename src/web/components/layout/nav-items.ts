import {
  Award,
  Bell,
  ChartColumn,
  CircleHelp,
  Footprints,
  Gift,
  House,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Mail,
  Megaphone,
  Package,
  Shield,
  ShoppingBag,
  Star,
  Trophy,
  User,
  Users,
  Wallet,
} from "lucide-react";

/** The laptop header's links and its More button. */
export const headerLinkClass =
  "rounded-lg px-3 py-2 text-sm font-semibold outline-none focus-visible:ring-2 focus-visible:ring-emerald-600";

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

/** The slide-out menu: every page (specification 1, 2.10; DESIGN.md section 1). */
export const menuItems: NavItem[] = [
  { label: "Dashboard", href: "/", icon: LayoutDashboard },
  { label: "Competitions", href: "/competitions", icon: Trophy },
  { label: "Groups", href: "/groups", icon: Users },
  { label: "Leaderboard", href: "/leaderboard", icon: ChartColumn },
  { label: "Achievements", href: "/achievements", icon: Award },
  { label: "Points", href: "/points", icon: Star },
  { label: "Redeem", href: "/redeem", icon: Gift },
  { label: "Gear Store", href: "/marketplace", icon: ShoppingBag },
  { label: "Step Test", href: "/step-test", icon: Footprints },
  { label: "Safety", href: "/safety", icon: LifeBuoy },
  { label: "Wallet", href: "/wallet", icon: Wallet },
  { label: "Notifications", href: "/notifications", icon: Bell },
  { label: "Profile", href: "/profile", icon: User },
  { label: "Help", href: "/help", icon: CircleHelp },
];

export const adminMenuItems: NavItem[] = [
  { label: "Admin Panel", href: "/admin", icon: Shield },
  { label: "Product Manager", href: "/marketplace/admin", icon: Package },
  { label: "Ad Manager", href: "/ads-admin-complete", icon: Megaphone },
  { label: "Email Test", href: "/email-test", icon: Mail },
];

/** The one bottom navigation. */
export const bottomNavItems: NavItem[] = [
  { label: "Home", href: "/", icon: House },
  { label: "Compete", href: "/competitions", icon: Trophy },
  { label: "Groups", href: "/groups", icon: Users },
  { label: "Badges", href: "/achievements", icon: Award },
  { label: "Wallet", href: "/wallet", icon: Wallet },
];

/** Pages the desktop header links to outside its menus: the wallet chip, the bell and the user menu. */
export const desktopHeaderShortcuts: ReadonlySet<string> = new Set(["/wallet", "/profile", "/notifications"]);

/** Desktop header: the first links inline, every other menu page under More. */
export const desktopPrimaryItems = menuItems.slice(0, 5);
export const desktopMoreItems = menuItems
  .slice(desktopPrimaryItems.length)
  .filter((item) => !desktopHeaderShortcuts.has(item.href));

const dashboardPaths = new Set(["/", "/dashboard", "/mobile-dashboard", "/desktop-dashboard"]);

export function isActivePath(href: string, path: string): boolean {
  if (href === "/") return dashboardPaths.has(path);
  return path === href || path.startsWith(`${href}/`);
}
