import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PushCard } from "./push-card";

/** The card's content while this device's push state is not known yet, and once it is. */
function render(state?: { status: "off" }) {
  const client = new QueryClient();
  if (state) client.setQueryData(["push-state"], state);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <PushCard />
    </QueryClientProvider>,
  );
}

describe("the push notifications card", () => {
  it("keeps the opt-in's place while the device answers, so the card below does not move", () => {
    const waiting = render();
    expect(waiting).toContain('<div class="h-11" aria-hidden="true"></div>');
    expect(waiting).not.toContain("Turn on push notifications");
    const off = render({ status: "off" });
    expect(off).toContain("Turn on push notifications");
    // The place kept is the opt-in button's height (the default button: h-11).
    expect(off).toMatch(/<button[^>]*class="[^"]*\bh-11\b/);
    expect(off).not.toContain('aria-hidden="true"></div>');
  });
});
