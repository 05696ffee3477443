import { PLATFORM_FEE_PERCENT } from "../constants";

/**
 * Splits a payment for FitCoins (conversion from the wallet or a card purchase): 85% becomes
 * FitCoins, rounded down to the hundredth, and the rest is the platform fee. 1 FC = $1, so both
 * sides are in the same minor units (cents and hundredths of a FitCoin).
 */
export function splitFitcoinPurchase(amountCents: number): { fitcoins: number; fee: number } {
  const fitcoins = Math.floor((amountCents * (100 - PLATFORM_FEE_PERCENT)) / 100);
  return { fitcoins, fee: amountCents - fitcoins };
}
