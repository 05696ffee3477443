import { describe, expect, it } from "vitest";
import { addMonth } from "./provider";

describe("addMonth", () => {
  it.each([
    ["2026-01-15T10:00:00.000Z", "2026-02-15T10:00:00.000Z"],
    ["2026-01-31T10:00:00.000Z", "2026-02-28T10:00:00.000Z"],
    ["2028-01-31T10:00:00.000Z", "2028-02-29T10:00:00.000Z"],
    ["2026-12-31T23:59:59.999Z", "2027-01-31T23:59:59.999Z"],
    ["2026-03-31T00:00:00.000Z", "2026-04-30T00:00:00.000Z"],
  ])("%s plus one month is %s", (from, to) => {
    expect(addMonth(new Date(from)).toISOString()).toBe(to);
  });
});
