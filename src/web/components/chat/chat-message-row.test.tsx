import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChatMessageRow, type ChatPanelMessage } from "./chat-message-row";

const message: ChatPanelMessage = {
  id: 7,
  userId: 3,
  message: "See you at the park",
  createdAt: "2026-11-21T09:00:00Z",
  firstName: "Dana",
  lastName: "Cole",
  profileImageUrl: null,
};
const row = (own: boolean) =>
  renderToStaticMarkup(
    <ul>
      <ChatMessageRow message={message} own={own} time="Just now" />
    </ul>,
  );

describe("a chat message", () => {
  it("from another member: their name opens Block and Report, the message has its own menu", () => {
    const html = row(false);
    expect(html).toContain('aria-label="Dana Cole: block or report"');
    expect(html).toContain('aria-label="Options for Dana Cole&#x27;s message"');
    expect(html).toContain("See you at the park");
  });

  it("of the viewer: says You, and its menu is for deleting it", () => {
    const html = row(true);
    expect(html).toContain(">You<");
    expect(html).not.toContain("block or report");
    expect(html).toContain('aria-label="Options for your message"');
  });
});
