import { parseMinor } from "../../../core/money";
import { useConvertMutation } from "./api";
import { type PendingTopUp, topUpKey } from "./top-up";

/** enough: the member holds what they came for; short: converted, still not enough; failed: not converted. */
export type TopUpOutcome = "enough" | "short" | "failed";

/**
 * The second half of a top-up, once its deposit is booked: converts the planned dollars under a key
 * of the payment (finishing it again, after a reload or from the wallet, converts nothing more), and
 * says whether the member now holds the FitCoins they came for.
 */
export function useFinishTopUp() {
  const convert = useConvertMutation();
  return async (paymentIntentId: string, topUp: PendingTopUp): Promise<TopUpOutcome> => {
    try {
      const result = await convert.mutateAsync({
        amount: topUp.convertCents / 100,
        idempotencyKey: topUpKey(paymentIntentId),
      });
      return (parseMinor(result.fitcoinBalance) ?? 0) >= topUp.need ? "enough" : "short";
    } catch {
      return "failed";
    }
  };
}
