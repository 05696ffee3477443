import { describe, expect, it } from "vitest";
import { isChatQueryKey, safetyKeys } from "./api";

describe("what a block or an unblock refreshes", () => {
  it("is every competition and group chat, and nothing else under those paths", () => {
    expect(isChatQueryKey(["/api/competitions/12/messages"])).toBe(true);
    expect(isChatQueryKey(["/api/groups/3/messages"])).toBe(true);
    expect(isChatQueryKey(["/api/competitions/12?page=1"])).toBe(false);
    expect(isChatQueryKey(["/api/groups"])).toBe(false);
    expect(isChatQueryKey([42])).toBe(false);
    expect(safetyKeys.blocked).toEqual(["/api/users/blocked"]);
  });
});
