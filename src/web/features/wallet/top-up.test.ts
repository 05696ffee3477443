import { describe, expect, it } from "vitest";
import { joinReturnPath, walletPathFor } from "../../app/return-path";
import {
  readPendingTopUp,
  readTopUpGoal,
  readTopUpShortfall,
  topUpFailedPath,
  topUpKey,
  withTopUp,
} from "./top-up";
import { paymentSuccessUrl } from "./use-payment-completion";

const query = (path: string) => new URL(path, "https://x.invalid").searchParams;

describe("a join's Add FitCoins link (issue 32 item 1)", () => {
  it("names the FitCoins the join needs and the page to come back to with its join dialog open", () => {
    const back = joinReturnPath("/competitions", "", 12);
    expect(back).toBe("/competitions?join=12");
    const link = walletPathFor(back, 1250);
    expect(link).toBe("/wallet?need=12.50&returnTo=%2Fcompetitions%3Fjoin%3D12");
    expect(readTopUpGoal(query(link))).toEqual({ need: 1250, returnTo: "/competitions?join=12" });
  });

  it("keeps the page's own query and replaces an earlier join request", () => {
    expect(joinReturnPath("/competitions/join/AB12", "?join=3&tab=x", 7)).toBe(
      "/competitions/join/AB12?join=7&tab=x",
    );
  });

  it("is the plain wallet way back without an amount (and no goal without a same-site page)", () => {
    expect(walletPathFor("/groups/join/XY")).toBe("/wallet?returnTo=%2Fgroups%2Fjoin%2FXY");
    expect(readTopUpGoal(query("/wallet?need=5.00&returnTo=https://evil.example"))).toBeNull();
    expect(readTopUpGoal(query("/wallet?need=abc&returnTo=/competitions"))).toBeNull();
    expect(readTopUpGoal(query("/wallet?need=0&returnTo=/competitions"))).toBeNull();
  });
});

describe("a top-up under way", () => {
  const pending = { need: 1250, convertCents: 1471, returnTo: "/competitions?join=12" };

  it("carries its conversion through the checkout's address", () => {
    const path = withTopUp("/checkout?client_secret=pi_1_secret_2", pending);
    expect(path).toBe(
      "/checkout?client_secret=pi_1_secret_2&need=12.50&convert=14.71&returnTo=%2Fcompetitions%3Fjoin%3D12",
    );
    expect(readPendingTopUp(query(path))).toEqual(pending);
  });

  it("comes back to the wallet's plan saying why when the member still holds too little", () => {
    const path = topUpFailedPath(pending, "failed");
    expect(readTopUpGoal(query(path))).toEqual({ need: 1250, returnTo: "/competitions?join=12" });
    expect(readPendingTopUp(query(path))).toBeNull();
    expect(readTopUpShortfall(query(path))).toBe("failed");
  });

  it("converts under one key per payment, in the header's alphabet", () => {
    expect(topUpKey("pi_sandbox_abc123")).toBe("topup-pi_sandbox_abc123");
    expect(topUpKey("pi 1/2")).toBe("topup-pi12");
  });
});

describe("a card redirect's return address", () => {
  const goalWallet = "/wallet?need=12.50&returnTo=%2Fcompetitions%3Fjoin%3D7";

  it("brings a payment made on a goal's wallet back on that goal, readable as one", () => {
    const url = paymentSuccessUrl(goalWallet);
    const params = new URL(url, "https://x.invalid").searchParams;
    expect(params.get("payment")).toBe("success");
    expect(readTopUpGoal(params)).toEqual({ need: 1250, returnTo: "/competitions?join=7" });
    expect(readPendingTopUp(params)).toBeNull();
  });

  it("keeps any other page to go back to as it was", () => {
    expect(paymentSuccessUrl("/groups/join/AB")).toBe(
      "/wallet?payment=success&returnTo=%2Fgroups%2Fjoin%2FAB",
    );
    expect(paymentSuccessUrl(null)).toBe("/wallet?payment=success");
  });
});
