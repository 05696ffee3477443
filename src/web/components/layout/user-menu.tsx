import type { User } from "../../../core/schemas/auth";
import { Avatar, initialsOf } from "../ui/avatar";
import { lazyMenu, type MenuTriggerProps } from "../ui/lazy-menu";

export const userMenuTriggerClass =
  "rounded-full outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2";

/** What the user menu's button shows: the member's avatar, named for screen readers. */
export function UserMenuFace({ user }: { user: User }) {
  return (
    <>
      <Avatar
        imageUrl={user.profileImageUrl}
        initials={initialsOf(user.firstName, user.lastName, user.username)}
      />
      <span className="sr-only">Open user menu</span>
    </>
  );
}

/** Avatar button with Profile and Sign Out; the menu's code loads on the way to the first tap. */
export const UserMenu = lazyMenu(
  async () => (await import("./user-menu-popup")).UserMenuPopup,
  ({ user, trigger }: { user: User; trigger: MenuTriggerProps }) => (
    <button {...trigger} className={userMenuTriggerClass}>
      <UserMenuFace user={user} />
    </button>
  ),
);
