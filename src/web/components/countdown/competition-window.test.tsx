import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompetitionWindow } from "./competition-window";

describe("a competition's start and end", () => {
  const deviceZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = "Asia/Tokyo";
  });
  afterAll(() => {
    process.env.TZ = deviceZone;
  });

  it("are shown in the member's profile zone, not the device's", () => {
    const html = renderToStaticMarkup(
      <CompetitionWindow
        startDate="2026-03-10T13:00:00.000Z"
        endDate="2026-03-17T13:00:00.000Z"
        timeZone="America/New_York"
      />,
    );
    expect(html).toContain("Mar 10, 2026, 9:00 AM EDT");
    expect(html).toContain("Mar 17, 2026, 9:00 AM EDT");
    expect(html).not.toContain("10:00 PM");
  });
});
