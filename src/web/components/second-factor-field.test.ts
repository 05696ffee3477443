import { describe, expect, it } from "vitest";
import { secondFactorBody } from "./second-factor-field";

describe("the second factor as typed", () => {
  it("sends a code without its spaces, and a recovery code in capitals without its dash", () => {
    expect(secondFactorBody("code", " 123 456 ")).toEqual({ ok: true, body: { code: "123456" } });
    expect(secondFactorBody("recovery", "abcde-23456")).toEqual({
      ok: true,
      body: { recoveryCode: "ABCDE23456" },
    });
  });

  it("says what is wrong with a half-typed code instead of sending it", () => {
    expect(secondFactorBody("code", "12345")).toEqual({
      ok: false,
      message: "Enter the 6-digit code from your authenticator app",
    });
    expect(secondFactorBody("recovery", "ABCDE")).toMatchObject({ ok: false, message: /recovery codes/ });
  });
});
