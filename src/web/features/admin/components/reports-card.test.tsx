import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Report } from "../../../../core/schemas/safety";
import { reportItem, reportReasonLabel } from "./reports-card";

const report = (overrides: Partial<Report> = {}): Report => ({
  id: 4,
  reason: "harassment",
  description: "Insults in the group chat",
  createdAt: "2026-11-21T09:00:00Z",
  reporter: { id: 2, username: "sam" },
  reported: { id: 3, username: "dana", firstName: "Dana", lastName: "Cole" },
  reportsAboutMember: 1,
  message: null,
  ...overrides,
});

describe("a report in the admins' queue", () => {
  it("names the reported member, the reason's label, the description and the reporter", () => {
    const item = reportItem(report());
    expect(item).toMatchObject({ key: 4, name: "Dana Cole", username: "dana", atLabel: "Reported" });
    const details = renderToStaticMarkup(<div>{item.details}</div>);
    expect(details).toContain("Harassment or Bullying");
    expect(details).toContain("Insults in the group chat");
    expect(details).toContain("Reported by @sam");
    expect(details).not.toContain("open reports about");
  });

  it("counts the open reports about the same member when there are several", () => {
    const one = renderToStaticMarkup(<div>{reportItem(report({ reportsAboutMember: 2 })).details}</div>);
    expect(one).toContain("2 open reports about this member");
    const three = renderToStaticMarkup(
      <div>{reportItem(report({ reportsAboutMember: 4, description: null })).details}</div>,
    );
    expect(three).toContain("4 open reports about this member");
  });

  it("labels every reason of the specification, and shows an unknown one as it is", () => {
    expect(reportReasonLabel("fake_profile")).toBe("Fake Profile");
    expect(reportReasonLabel("inappropriate_content")).toBe("Inappropriate Content");
    expect(reportReasonLabel("mystery")).toBe("mystery");
  });

  it("shows the chat message a report is about, its room, and Delete while it is still posted", () => {
    const message = {
      id: 9,
      text: "Buy followers here",
      createdAt: "2026-11-21T08:59:00Z",
      deleted: false,
      room: { kind: "group" as const, id: 5, name: "Morning Walkers" },
    };
    const render = (m: typeof message) =>
      renderToStaticMarkup(
        <QueryClientProvider client={new QueryClient()}>
          <div>{reportItem(report({ message: m })).details}</div>
        </QueryClientProvider>,
      );
    const live = render(message);
    expect(live).toContain("Buy followers here");
    expect(live).toContain("Group chat · Morning Walkers");
    expect(live).toContain("Delete message");
    const gone = render({ ...message, deleted: true, room: { ...message.room, kind: "group" } });
    expect(gone).toContain("Group chat · Morning Walkers · deleted");
    expect(gone).toContain("Buy followers here");
    expect(gone).not.toContain("Delete message");
  });
});
