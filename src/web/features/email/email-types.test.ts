import { describe, expect, it } from "vitest";
import { DOMAIN_VERIFICATION_MINUTES, EMAIL_TEST_TYPES } from "../../../core/constants";
import { EMAIL_TYPES, emailTypeOf, verificationWindow } from "./email-types";

describe("the email test's types", () => {
  it("lists every type in order, each with a label and a usage description", () => {
    expect(EMAIL_TYPES.map((t) => t.type)).toEqual([...EMAIL_TEST_TYPES]);
    expect(EMAIL_TYPES.map((t) => t.type)).toEqual([
      "welcome",
      "achievement",
      "competition",
      "reminder",
      "winner",
    ]);
    for (const t of EMAIL_TYPES) {
      expect(t.label.length).toBeGreaterThan(0);
      expect(t.usage.length).toBeGreaterThan(20);
    }
  });

  it("reads a chosen value as a type, nothing chosen as null", () => {
    expect(emailTypeOf("winner")).toBe("winner");
    expect(emailTypeOf("")).toBeNull();
    expect(emailTypeOf("toString")).toBeNull();
  });

  it("says domain verification usually takes 5 to 30 minutes", () => {
    expect(verificationWindow(DOMAIN_VERIFICATION_MINUTES)).toBe("5 to 30 minutes");
  });
});
