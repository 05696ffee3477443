import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { StandingsEntry } from "../../../core/schemas/competitions";
import { earnsMedal, StandingsList } from "./standings-list";

const entry = (userId: number, position: number, steps: number): StandingsEntry => ({
  userId,
  firstName: `P${userId}`,
  lastName: "Walker",
  profileImageUrl: null,
  steps,
  position,
});

describe("a competition's standings", () => {
  it("gives medals to the top three who walked, not to a place held with 0 steps", () => {
    expect(earnsMedal({ position: 1, steps: 10 })).toBe(true);
    expect(earnsMedal({ position: 3, steps: 1 })).toBe(true);
    expect(earnsMedal({ position: 3, steps: 0 })).toBe(false);
    expect(earnsMedal({ position: 4, steps: 9000 })).toBe(false);
    const html = renderToStaticMarkup(
      <StandingsList
        name="Weekly Walk"
        entries={[entry(1, 1, 1200), entry(2, 2, 800), entry(3, 3, 0)]}
        viewerId={undefined}
      />,
    );
    expect(html).toContain('aria-label="#1"');
    expect(html).toContain('aria-label="#2"');
    expect(html).not.toContain('aria-label="#3"');
    expect(html).toContain(">3</span>");
  });

  it("lets the viewer block or report another member from their name, not themselves", () => {
    const html = renderToStaticMarkup(
      <StandingsList name="Weekly Walk" entries={[entry(1, 1, 1200), entry(2, 2, 800)]} viewerId={2} />,
    );
    expect(html).toContain('aria-label="P1 Walker: block or report"');
    expect(html).not.toContain('aria-label="P2 Walker: block or report"');
    expect(html).toContain("(You)");
  });
});
