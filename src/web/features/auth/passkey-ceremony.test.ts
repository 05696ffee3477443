import { describe, expect, it } from "vitest";
import { ceremonyError } from "./passkey-ceremony";

describe("what a member reads when a passkey ceremony does not finish", () => {
  const domError = (name: string) =>
    Object.assign(new Error("The operation either timed out or was not allowed."), { name });

  it("says the prompt was closed (or had no passkey) in words, for sign-in and for adding", () => {
    expect(ceremonyError(domError("NotAllowedError"), false).message).toBe(
      "No passkey was used. Try again, or sign in with your password.",
    );
    expect(ceremonyError(domError("AbortError"), true).message).toBe(
      "No passkey was added. Try again when your device asks to save one.",
    );
    expect(ceremonyError({ name: "AbortError", code: "ERROR_CEREMONY_ABORTED" }, false).message).toMatch(
      /^No passkey was used/,
    );
  });

  it("says this device already holds the member's passkey", () => {
    const e = Object.assign(new Error("The authenticator was previously registered"), {
      code: "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED",
    });
    expect(ceremonyError(e, true).message).toBe("This device already holds a passkey for your account.");
  });

  it("keeps a readable error as it is, and never shows a blank one", () => {
    expect(ceremonyError(new Error("Your passkey could not be verified."), false).message).toBe(
      "Your passkey could not be verified.",
    );
    expect(ceremonyError("?", false).message).toMatch(/^No passkey was used/);
  });
});
