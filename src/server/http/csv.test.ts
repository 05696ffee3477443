import { describe, expect, it } from "vitest";
import { amountText, csvCell, csvLine } from "./csv";

describe("csv cells", () => {
  it("defuses text a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}SUM(A1)`).replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell("@SUM(A1), fine")).toBe(`"'@SUM(A1), fine"`);
    expect(csvCell("Coffee")).toBe("Coffee");
  });

  it("keeps the server's own numbers numbers, and only those", () => {
    expect(csvCell("-6.99", true)).toBe("-6.99");
    expect(csvCell(-42)).toBe("-42");
    expect(csvCell(7)).toBe("7");
    // Text that only looks numeric at its start is still text.
    expect(csvCell("-6.99+cmd", true)).toBe("'-6.99+cmd");
    expect(csvCell("-6.99")).toBe("'-6.99");
  });

  it("quotes commas, quotes and line breaks; null is empty", () => {
    expect(csvCell('a "b", c')).toBe(`"a ""b"", c"`);
    expect(csvCell("two\nlines")).toBe(`"two\nlines"`);
    expect(csvCell(null)).toBe("");
    expect(csvLine(["a", "b", ""])).toBe("a,b,\r\n");
  });

  it("writes amounts in their unit", () => {
    expect(amountText(-1250, "USD")).toBe("-12.50");
    expect(amountText(371, "FC")).toBe("3.71");
    expect(amountText(1500, "PTS")).toBe("1500");
  });
});
