import { describe, expect, it } from "vitest";
import { formatCardNumber, formatCvc, formatExpiry } from "./card-input";

describe("card fields", () => {
  it("groups card digits by four", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242 4242 4242 4242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4000-0000-0000-9995")).toBe("4000 0000 0000 9995");
    expect(formatCardNumber("4242")).toBe("4242");
    expect(formatCardNumber("12345678901234567890123")).toBe("1234 5678 9012 3456 789");
  });

  it("adds the slash of MM/YY", () => {
    expect(formatExpiry("1234")).toBe("12/34");
    expect(formatExpiry("12/34")).toBe("12/34");
    expect(formatExpiry("12")).toBe("12");
    expect(formatExpiry("123")).toBe("12/3");
  });

  it("keeps at most four CVC digits", () => {
    expect(formatCvc("12a3")).toBe("123");
    expect(formatCvc("123456")).toBe("1234");
  });
});
