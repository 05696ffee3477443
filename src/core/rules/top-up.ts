import { CONVERSION_MIN_CENTS, DEPOSIT_MAX_CENTS, DEPOSIT_MIN_CENTS } from "../constants";
import { centsForFitcoins, splitFitcoinPurchase } from "./fitcoins";

/**
 * Adding FitCoins for something that costs them (issue 32 item 1): one card deposit when the
 * wallet's dollars are short, then one conversion of exactly the dollars the FitCoins need. All
 * amounts in minor units (cents; hundredths of a FitCoin).
 */
export type TopUpPlan = {
  /** The FitCoins the conversion gives: at least those asked for. */
  fitcoins: number;
  /** The dollars converted, and the platform fee taken from them. */
  convertCents: number;
  fee: number;
  /** The card deposit first: 0 when the wallet holds the dollars already, else at least the deposit minimum. */
  payCents: number;
  /** The wallet's dollars once done (what the deposit minimum adds beyond the need stays there). */
  walletAfterCents: number;
};

/** What the member still needs: the FitCoins asked for less those held, never below 0. */
export function fitcoinShortfall(needed: number, held: number): number {
  return Math.max(0, needed - Math.max(0, held));
}

/**
 * The plan to add `fitcoins` to a member whose wallet holds `walletCents`: converting at least the
 * conversion minimum ($1), paying by card only what the wallet lacks, at least the deposit minimum
 * ($5). null for nothing to add, or more than one deposit may bring ($500).
 */
export function planTopUp(fitcoins: number, walletCents: number): TopUpPlan | null {
  if (!Number.isSafeInteger(fitcoins) || fitcoins <= 0) return null;
  const wallet = Math.max(0, walletCents);
  const convertCents = Math.max(CONVERSION_MIN_CENTS, centsForFitcoins(fitcoins));
  const missing = convertCents - wallet;
  const payCents = missing <= 0 ? 0 : Math.max(DEPOSIT_MIN_CENTS, missing);
  if (payCents > DEPOSIT_MAX_CENTS) return null;
  const split = splitFitcoinPurchase(convertCents);
  return {
    fitcoins: split.fitcoins,
    convertCents,
    fee: split.fee,
    payCents,
    walletAfterCents: wallet + payCents - convertCents,
  };
}
