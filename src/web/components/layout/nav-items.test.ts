import { describe, expect, it } from "vitest";
import {
  adminMenuItems,
  desktopHeaderShortcuts,
  desktopMoreItems,
  desktopPrimaryItems,
  menuItems,
} from "./nav-items";

const hrefs = (items: { href: string }[]) => items.map((item) => item.href);

describe("navigation", () => {
  it("the slide-out menu lists every member page, Safety included", () => {
    expect(menuItems).toContainEqual(expect.objectContaining({ label: "Safety", href: "/safety" }));
    expect(hrefs(menuItems)).toEqual(
      expect.arrayContaining([
        "/",
        "/competitions",
        "/groups",
        "/leaderboard",
        "/achievements",
        "/points",
        "/redeem",
        "/marketplace",
        "/step-test",
        "/safety",
        "/wallet",
        "/profile",
        "/help",
      ]),
    );
  });

  it("the admin items include the email test page", () => {
    expect(adminMenuItems).toContainEqual(
      expect.objectContaining({ label: "Email Test", href: "/email-test" }),
    );
    expect(hrefs(adminMenuItems)).toEqual(
      expect.arrayContaining(["/admin", "/marketplace/admin", "/ads-admin-complete", "/email-test"]),
    );
  });

  it("the desktop header reaches every menu page: inline, under More, or by its wallet chip and user menu", () => {
    const desktop = new Set([
      ...hrefs(desktopPrimaryItems),
      ...hrefs(desktopMoreItems),
      ...desktopHeaderShortcuts,
    ]);
    for (const href of hrefs(menuItems)) expect(desktop, href).toContain(href);
    expect(hrefs(desktopMoreItems)).toContain("/safety");
    // Nothing is listed twice.
    expect(new Set([...hrefs(desktopPrimaryItems), ...hrefs(desktopMoreItems)]).size).toBe(
      desktopPrimaryItems.length + desktopMoreItems.length,
    );
  });
});
