import { describe, expect, it } from "vitest";
import {
  appChunkName,
  dialogChunkName,
  memberChunkName,
  memberCommonChunkName,
  shellSharedChunkName,
  visitorSharedChunkName,
} from "../scripts/member-chunk";

/** A module graph as rolldown's chunking context answers it: id -> static imports. */
function graphOf(imports: Record<string, string[]>, dynamicImports: Record<string, string[]> = {}) {
  return {
    getModuleInfo: (id: string) =>
      imports[id] ? { id, importedIds: imports[id], dynamicallyImportedIds: dynamicImports[id] ?? [] } : null,
  };
}

const graph = graphOf(
  {
    "/app/src/main.tsx": ["/app/src/button.tsx", "/app/src/pages.ts"],
    "/app/src/pages.ts": [],
    "/app/src/banner.tsx": ["/app/src/button.tsx"],
    "/app/src/login.tsx": ["/app/src/button.tsx", "/app/src/form-field.tsx"],
    "/app/src/shell.tsx": [
      "/app/src/menu.tsx",
      "/app/src/form-field.tsx",
      "/app/src/button.tsx",
      "/app/src/banner.tsx",
    ],
    "/app/src/menu.tsx": [
      "/app/node_modules/radix-menu/index.mjs",
      "/app/node_modules/lucide-react/dist/esm/icons/x.mjs",
    ],
    "/app/node_modules/radix-menu/index.mjs": ["/app/node_modules/radix-primitive/index.mjs"],
    "/app/node_modules/radix-primitive/index.mjs": [],
    "/app/src/form-field.tsx": ["/app/node_modules/radix-primitive/index.mjs"],
    "/app/src/button.tsx": [],
    "/app/src/wallet.tsx": ["/app/src/shell.tsx"],
    "/app/node_modules/lucide-react/dist/esm/icons/x.mjs": [],
  },
  // The entry loads the banner later; the page table loads every screen, the shell among them.
  {
    "/app/src/main.tsx": ["/app/src/banner.tsx"],
    "/app/src/pages.ts": ["/app/src/shell.tsx", "/app/src/wallet.tsx"],
  },
);

describe("the members chunk", () => {
  const name = memberChunkName(
    "/app/src/shell.tsx",
    ["/app/src/main.tsx", "/app/src/login.tsx"],
    "/app/src/pages.ts",
  );

  it("holds the shell and what only it reaches, with their packages", () => {
    for (const id of ["/app/src/shell.tsx", "/app/src/menu.tsx", "/app/node_modules/radix-menu/index.mjs"]) {
      expect(name(id, graph)).toBe("members");
    }
  });

  it("leaves out what a visitor screen reaches, even through a package or later, and the icons", () => {
    for (const id of [
      "/app/src/banner.tsx",
      "/app/src/button.tsx",
      "/app/src/form-field.tsx",
      "/app/node_modules/radix-primitive/index.mjs",
      "/app/node_modules/lucide-react/dist/esm/icons/x.mjs",
      "/app/src/wallet.tsx",
    ]) {
      expect(name(id, graph)).toBeNull();
    }
  });
});

describe("the app chunk", () => {
  const started = graphOf(
    {
      "/app/src/main.tsx": ["/app/src/pages.ts", "/app/node_modules/react/index.js"],
      "/app/src/pages.ts": ["/app/node_modules/react/index.js"],
      "/app/src/start.tsx": [
        "/app/node_modules/react-dom/client.js",
        "/app/src/gate.tsx",
        "/app/node_modules/react/index.js",
      ],
      "/app/node_modules/react-dom/client.js": ["/app/node_modules/scheduler/index.js"],
      "/app/node_modules/scheduler/index.js": [],
      "/app/src/gate.tsx": ["/app/node_modules/lucide-react/dist/esm/icons/x.mjs"],
      "/app/node_modules/lucide-react/dist/esm/icons/x.mjs": [],
      "/app/node_modules/react/index.js": [],
      "/app/src/wallet.tsx": ["/app/src/gate.tsx"],
    },
    { "/app/src/main.tsx": ["/app/src/start.tsx"], "/app/src/pages.ts": ["/app/src/wallet.tsx"] },
  );
  const name = appChunkName("/app/src/start.tsx");

  // A module the entry reaches too (react) is named "app" here as well: the entry's group comes
  // first in vite.config.ts (a higher priority), so it stays in the entry.
  it("holds the start module and what it reaches statically, React's DOM renderer among them", () => {
    for (const id of [
      "/app/src/start.tsx",
      "/app/node_modules/react-dom/client.js",
      "/app/node_modules/scheduler/index.js",
      "/app/src/gate.tsx",
    ]) {
      expect(name(id, started)).toBe("app");
    }
  });

  it("leaves out the icons and what the start module does not reach (a screen, the page table)", () => {
    expect(name("/app/node_modules/lucide-react/dist/esm/icons/x.mjs", started)).toBeNull();
    expect(name("/app/src/wallet.tsx", started)).toBeNull();
    expect(name("/app/src/pages.ts", started)).toBeNull();
  });
});

describe("the members' common file and the shell's shared file", () => {
  // Three member screens and an operator's: the wallet and points share an api module, a dialog
  // and a countdown; the dialog needs the validation schemas (a package) a visitor's form uses
  // too. The sign-in screen and both member screens format numbers; the member screens show them
  // in a shared stat tile.
  const screens = graphOf(
    {
      "/app/src/main.tsx": ["/app/src/pages.ts", "/app/node_modules/react/index.js"],
      "/app/src/start.tsx": ["/app/node_modules/react-dom/client.js"],
      "/app/node_modules/react-dom/client.js": [],
      "/app/node_modules/react/index.js": [],
      "/app/src/pages.ts": [],
      "/app/src/login.tsx": [
        "/app/src/schemas.ts",
        "/app/node_modules/radix-primitive/index.mjs",
        "/app/src/numbers.ts",
      ],
      "/app/src/schemas.ts": ["/app/node_modules/zod/index.js"],
      "/app/node_modules/zod/index.js": [],
      "/app/src/numbers.ts": [],
      "/app/src/stat-tile.tsx": ["/app/src/numbers.ts"],
      "/app/src/shell.tsx": ["/app/src/menu.tsx", "/app/node_modules/radix-primitive/index.mjs"],
      "/app/src/menu.tsx": [],
      "/app/node_modules/radix-primitive/index.mjs": ["/app/node_modules/react/index.js"],
      "/app/src/wallet.tsx": [
        "/app/src/shell.tsx",
        "/app/src/api.ts",
        "/app/src/countdown.tsx",
        "/app/src/form-dialog.tsx",
        "/app/src/stat-tile.tsx",
        "/app/node_modules/lucide-react/dist/esm/icons/x.mjs",
      ],
      "/app/src/points.tsx": [
        "/app/src/api.ts",
        "/app/src/countdown.tsx",
        "/app/src/form-dialog.tsx",
        "/app/src/stat-tile.tsx",
      ],
      "/app/src/profile.tsx": ["/app/src/only-profile.ts", "/app/src/api.ts"],
      "/app/src/only-profile.ts": [],
      "/app/src/admin.tsx": ["/app/src/review-card.tsx", "/app/src/api.ts"],
      "/app/src/finance.tsx": ["/app/src/review-card.tsx"],
      "/app/src/review-card.tsx": [],
      "/app/src/api.ts": ["/app/node_modules/react/index.js", "/app/src/countdown.tsx"],
      "/app/src/countdown.tsx": ["/app/node_modules/lucide-react/dist/esm/icons/x.mjs"],
      "/app/src/form-dialog.tsx": ["/app/src/schemas.ts"],
      "/app/node_modules/lucide-react/dist/esm/icons/x.mjs": [],
    },
    {
      "/app/src/main.tsx": ["/app/src/start.tsx"],
      "/app/src/pages.ts": [
        "/app/src/login.tsx",
        "/app/src/wallet.tsx",
        "/app/src/points.tsx",
        "/app/src/profile.tsx",
        "/app/src/admin.tsx",
        "/app/src/finance.tsx",
      ],
    },
  );
  const loaded = ["/app/src/main.tsx", "/app/src/start.tsx"];
  const visitors = ["/app/src/main.tsx", "/app/src/login.tsx"];
  // The member screens as vite.config.ts lists them from the route tables: not the operators'.
  const memberScreens = ["/app/src/wallet.tsx", "/app/src/points.tsx", "/app/src/profile.tsx"];
  const common = memberCommonChunkName(
    loaded,
    "/app/src/shell.tsx",
    visitors,
    "/app/src/pages.ts",
    memberScreens,
  );
  const shared = shellSharedChunkName("/app/src/shell.tsx", loaded, visitors, "/app/src/pages.ts");
  const visitorShared = visitorSharedChunkName(
    loaded,
    "/app/src/shell.tsx",
    visitors,
    "/app/src/pages.ts",
    memberScreens,
  );

  it("gathers what two member screens share, with what it imports of the same kind or from the visitor-shared file", () => {
    expect(common("/app/src/api.ts", screens)).toBe("member-common");
    expect(common("/app/src/countdown.tsx", screens)).toBe("member-common");
    expect(common("/app/src/stat-tile.tsx", screens)).toBe("member-common");
  });

  it("the visitor-shared file holds the app's modules that member screens and a first visitor screen share, no package", () => {
    expect(visitorShared("/app/src/numbers.ts", screens)).toBe("visitor-shared");
    for (const id of [
      // A package (the validation library), and what needs one.
      "/app/node_modules/zod/index.js",
      "/app/src/schemas.ts",
      // The shell's (shell-shared), the member screens' own, the loaded, a screen.
      "/app/node_modules/radix-primitive/index.mjs",
      "/app/src/stat-tile.tsx",
      "/app/src/api.ts",
      "/app/node_modules/react/index.js",
      "/app/src/login.tsx",
    ]) {
      expect(visitorShared(id, screens)).toBeNull();
    }
    expect(common("/app/src/numbers.ts", screens)).toBeNull();
  });

  it("leaves out one screen's own module, the screens, what only operators share, what is loaded already, the icons, and what would bring another file to every screen", () => {
    for (const id of [
      "/app/src/only-profile.ts",
      "/app/src/wallet.tsx",
      "/app/src/review-card.tsx",
      "/app/src/menu.tsx",
      "/app/node_modules/react/index.js",
      "/app/node_modules/lucide-react/dist/esm/icons/x.mjs",
      "/app/src/form-dialog.tsx",
      "/app/src/schemas.ts",
    ]) {
      expect(common(id, screens)).toBeNull();
    }
  });

  it("the shell's shared file holds what the shell and a visitor screen both reach, nothing the entry loads or only the shell needs", () => {
    expect(shared("/app/node_modules/radix-primitive/index.mjs", screens)).toBe("shell-shared");
    for (const id of ["/app/src/menu.tsx", "/app/node_modules/react/index.js", "/app/src/schemas.ts"]) {
      expect(shared(id, screens)).toBeNull();
    }
  });
});

describe("the dialog file", () => {
  const dialogGraph = graphOf({
    "/app/src/main.tsx": ["/app/node_modules/react/index.js"],
    "/app/src/start.tsx": ["/app/node_modules/react/index.js"],
    "/app/node_modules/react/index.js": [],
    "/app/src/shell.tsx": ["/app/src/button.tsx"],
    "/app/src/button.tsx": [],
    "/app/src/profile.tsx": ["/app/src/confirm-dialog.tsx", "/app/src/label.tsx"],
    "/app/src/wallet.tsx": ["/app/src/label.tsx"],
    "/app/src/confirm-dialog.tsx": ["/app/src/dialog.tsx"],
    "/app/src/label.tsx": ["/app/node_modules/radix-primitive/index.mjs"],
    "/app/src/dialog.tsx": [
      "/app/node_modules/radix-dialog/index.mjs",
      "/app/node_modules/lucide-react/dist/esm/icons/x.mjs",
      "/app/node_modules/react/index.js",
    ],
    "/app/node_modules/radix-dialog/index.mjs": [
      "/app/node_modules/radix-primitive/index.mjs",
      "/app/node_modules/radix-focus-scope/index.mjs",
    ],
    "/app/node_modules/radix-focus-scope/index.mjs": [],
    "/app/node_modules/radix-primitive/index.mjs": [],
    "/app/node_modules/lucide-react/dist/esm/icons/x.mjs": [],
  });
  const name = dialogChunkName(
    ["/app/src/dialog.tsx", "/app/src/confirm-dialog.tsx"],
    ["/app/src/main.tsx", "/app/src/start.tsx"],
    ["/app/src/shell.tsx", "/app/src/profile.tsx", "/app/src/wallet.tsx"],
  );

  it("holds the dialogs and what only they reach: Radix's dialog and its focus trap", () => {
    for (const id of [
      "/app/src/dialog.tsx",
      "/app/src/confirm-dialog.tsx",
      "/app/node_modules/radix-dialog/index.mjs",
      "/app/node_modules/radix-focus-scope/index.mjs",
    ]) {
      expect(name(id, dialogGraph)).toBe("dialog");
    }
  });

  it("leaves out what a screen reaches without a dialog (a label's primitive), what is loaded already, the icons and the screens", () => {
    for (const id of [
      "/app/node_modules/radix-primitive/index.mjs",
      "/app/node_modules/react/index.js",
      "/app/node_modules/lucide-react/dist/esm/icons/x.mjs",
      "/app/src/profile.tsx",
      "/app/src/label.tsx",
      "/app/src/button.tsx",
    ]) {
      expect(name(id, dialogGraph)).toBeNull();
    }
  });
});
