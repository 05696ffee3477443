import { describe, expect, it } from "vitest";
import { iconChunkNames } from "../scripts/icon-chunks";

const esm = "/app/node_modules/lucide-react/dist/esm";
const barrel = `${esm}/lucide-react.mjs`;
const icon = (file: string) => `${esm}/icons/${file}.mjs`;

interface Module {
  code?: string;
  importedIds?: string[];
}

/** A module graph as rolldown's chunking context answers it. */
function graphOf(modules: Record<string, Module>) {
  return {
    getModuleInfo: (id: string) =>
      modules[id] ? { id, code: modules[id].code ?? "", importedIds: modules[id].importedIds ?? [] } : null,
  };
}

const graph = graphOf({
  "/app/src/main.tsx": { importedIds: ["/app/src/header.tsx", "/app/src/pages.ts"] },
  "/app/src/header.tsx": { code: 'import { Menu, X as Close } from "lucide-react";', importedIds: [barrel] },
  "/app/src/landing.tsx": { code: 'import { Coins } from "lucide-react";', importedIds: [barrel] },
  "/app/src/pages.ts": { code: 'import("./wallet.tsx");', importedIds: [] },
  "/app/src/wallet.tsx": {
    code: 'import { Wallet, CircleHelp } from "lucide-react";',
    importedIds: [barrel],
  },
  [barrel]: {
    code: [
      "export { default as Menu, default as MenuIcon } from './icons/menu.mjs';",
      "export { default as X, default as XIcon } from './icons/x.mjs';",
      "export { default as Coins } from './icons/coins.mjs';",
      "export { default as Wallet } from './icons/wallet.mjs';",
      "export { default as CircleHelp, default as HelpCircle } from './icons/circle-question-mark.mjs';",
    ].join("\n"),
    importedIds: ["menu", "x", "coins", "wallet", "circle-question-mark"].map(icon),
  },
});

describe("icon chunk names", () => {
  const { visitor, members } = iconChunkNames(["/app/src/main.tsx", "/app/src/landing.tsx"]);

  it("puts the icons the visitor screens import statically, and the icon runtime, in visitor-icons", () => {
    for (const id of [icon("menu"), icon("x"), icon("coins"), `${esm}/createLucideIcon.mjs`]) {
      expect([visitor(id, graph), members(id, graph)]).toEqual(["visitor-icons", null]);
    }
  });

  it("puts the icons only other screens import (by any of their names) in icons", () => {
    for (const id of [icon("wallet"), icon("circle-question-mark")]) {
      expect([visitor(id, graph), members(id, graph)]).toEqual([null, "icons"]);
    }
  });

  it("names no module outside lucide-react", () => {
    expect([visitor("/app/src/wallet.tsx", graph), members("/app/src/wallet.tsx", graph)]).toEqual([
      null,
      null,
    ]);
  });
});
