import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { LeaderboardEntry } from "../api";
import { boardView } from "../leaderboard-view";
import { LeaderboardList } from "./leaderboard-list";

const entry = (userId: number, rank: number, steps: number, firstName: string): LeaderboardEntry => ({
  rank,
  userId,
  firstName,
  lastName: "Walker",
  profileImageUrl: null,
  steps,
});

const viewer = { firstName: "Sky", lastName: "Walker", profileImageUrl: null };

function render(board: Parameters<typeof boardView>[0], viewerId: number) {
  const view = boardView(board, viewerId);
  return renderToStaticMarkup(
    <LeaderboardList rows={view.rows} ownPlaceBelow={view.ownPlaceBelow} viewer={viewer} labelledBy="t" />,
  );
}

const rowsOf = (html: string) => html.match(/<li[^>]*>.*?<\/li>/g) ?? [];

describe("the leaderboard list", () => {
  const entries = [entry(1, 1, 9000, "Robin"), entry(2, 2, 4000, "Sky"), entry(3, 3, 12, "Ash")];

  it("lists members in rank order with steps, and marks only the viewer's row", () => {
    const rows = rowsOf(render({ entries, me: { rank: 2, steps: 4000 } }, 2));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain("Robin Walker");
    expect(rows[0]).toContain("9,000");
    expect(rows[0]).toContain("1st place");
    expect(rows.map((r) => r.includes('aria-current="true"'))).toEqual([false, true, false]);
    expect(rows[1]).toContain("You");
  });

  it("adds the viewer's own place after the top 50 when they are not listed", () => {
    const html = render({ entries, me: { rank: 57, steps: 8 } }, 42);
    const rows = rowsOf(html);
    expect(rows).toHaveLength(4);
    expect(html).toContain("Your place");
    expect(rows[3]).toContain("Rank 57:");
    expect(rows[3]).toContain("Sky Walker");
    expect(rows[3]).toContain('aria-current="true"');
  });

  it("shows initials where a member has no profile image", () => {
    expect(rowsOf(render({ entries, me: null }, 42))[0]).toContain(">RW<");
  });
});
