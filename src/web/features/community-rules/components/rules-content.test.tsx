import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RulesContent } from "./rules-content";

function renderedText(): string {
  return renderToStaticMarkup(<RulesContent />)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
}

describe("the community rules text", () => {
  it("states the refund rules of DESIGN.md section 1 (Refunds)", () => {
    const text = renderedText();
    // Leaving before the start: a full refund, for competitions and groups alike.
    expect(text).toMatch(
      /leave a competition or a group for a full refund of your entry fee until the competition starts\./,
    );
    // After the start: the server's own message.
    expect(text).toContain("Entry fees are non-refundable once the competition has started.");
    // Deleting refunds everything.
    expect(text).toContain("Deleting a competition or group refunds every entry fee and contribution.");
  });
});
