import { describe, expect, it } from "vitest";
import { documentStyled } from "./document-styled";

type Listener = () => void;

/** A page as documentStyled reads it: its parsing state, its events and its stylesheet links. */
function fakePage(readyState: DocumentReadyState, sheets: ("loaded" | "loading")[]) {
  const listeners = new Map<string, Listener[]>();
  const on = (target: Map<string, Listener[]>) => (type: string, listener: Listener) => {
    target.set(type, [...(target.get(type) ?? []), listener]);
  };
  const links = sheets.map((state) => {
    const own = new Map<string, Listener[]>();
    return {
      sheet: state === "loaded" ? {} : null,
      addEventListener: on(own),
      fire: (type: string) => {
        for (const listener of own.get(type) ?? []) listener();
      },
    };
  });
  const doc = {
    readyState,
    addEventListener: on(listeners),
    querySelectorAll: () => links,
  };
  return {
    doc: doc as unknown as Document,
    links,
    parsed: () => {
      doc.readyState = "interactive";
      for (const listener of listeners.get("DOMContentLoaded") ?? []) listener();
    },
  };
}

/** Whether the promise has settled after the microtasks queued so far have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return done;
}

describe("documentStyled", () => {
  it("resolves at once for a parsed page whose stylesheets have loaded", async () => {
    expect(await settled(documentStyled(fakePage("interactive", ["loaded"]).doc))).toBe(true);
  });

  it("waits for the parser, then for each stylesheet still loading, a failed one included", async () => {
    const page = fakePage("loading", ["loaded", "loading", "loading"]);
    const styled = documentStyled(page.doc);
    expect(await settled(styled)).toBe(false);
    page.parsed();
    expect(await settled(styled)).toBe(false);
    page.links[1].fire("load");
    expect(await settled(styled)).toBe(false);
    page.links[2].fire("error");
    expect(await settled(styled)).toBe(true);
  });

  it("renders anyway after the wait when a stylesheet never answers (it failed before the wait began)", async () => {
    const page = fakePage("interactive", ["loading"]);
    const styled = documentStyled(page.doc, 20);
    expect(await settled(styled)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await settled(styled)).toBe(true);
  });
});
