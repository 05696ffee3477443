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

/**
 * The fewest cents whose conversion gives at least `fitcoins` hundredths of a FitCoin (the inverse
 * of splitFitcoinPurchase): 25.00 FitCoins need $29.42. 0 for nothing to buy.
 */
export function centsForFitcoins(fitcoins: number): number {
  if (!Number.isSafeInteger(fitcoins) || fitcoins <= 0) return 0;
  let cents = Math.ceil((fitcoins * 100) / (100 - PLATFORM_FEE_PERCENT));
  // Guards against a division that lands a hair off an exact multiple.
  while (splitFitcoinPurchase(cents).fitcoins < fitcoins) cents += 1;
  while (cents > 1 && splitFitcoinPurchase(cents - 1).fitcoins >= fitcoins) cents -= 1;
  return cents;
}
