import type { z } from "zod";
import {
  OFFER_DEFAULT_FITCOINS50,
  OFFER_DEFAULT_FITCOINS100,
  OFFER_DEFAULT_VALUE50_CENTS,
  OFFER_DEFAULT_VALUE100_CENTS,
} from "../../../../core/constants";
import { formatMinor, parseMinor } from "../../../../core/money";
import { isCurrentMonth, monthEnded, utcMonth } from "../../../../core/rules/offer-month";
import type { GiftCardOffer, giftCardOfferBodySchema } from "../../../../core/schemas/rewards";
import { formatMonth } from "../../../lib/format";
import type { GiftCardOfferRequest, OfferAction } from "../gift-card-offers-api";

/** The gift-card offer form (specification 3 section 5): what it starts with and what it sends. */

export type OfferFormInput = z.input<typeof giftCardOfferBodySchema>;
export type OfferFormOutput = z.output<typeof giftCardOfferBodySchema>;

type AmountField = "value50" | "fitcoins50" | "value100" | "fitcoins100";

/** Blank amounts become these: $50 for 50.00 FC and $100 for 100.00 FC. */
export const OFFER_AMOUNT_DEFAULTS: Record<AmountField, string> = {
  value50: formatMinor(OFFER_DEFAULT_VALUE50_CENTS),
  fitcoins50: formatMinor(OFFER_DEFAULT_FITCOINS50),
  value100: formatMinor(OFFER_DEFAULT_VALUE100_CENTS),
  fitcoins100: formatMinor(OFFER_DEFAULT_FITCOINS100),
};

/** "2026-11": this month, the usual month of a new offer. */
export function currentMonth(now: Date = new Date()): string {
  // Offer months are UTC months (src/core/rules/offer-month.ts): the month Activate accepts.
  return utcMonth(now);
}

/**
 * What an admin may do with an offer now: End one offered or scheduled; Activate this month's
 * offer; Schedule a later month's (the server refuses the others with 409); nothing once its
 * month is over.
 */
export function offerActions(offer: Pick<GiftCardOffer, "status" | "month">, now: Date): OfferAction[] {
  if (offer.status === "active" || offer.status === "scheduled") return ["end"];
  if (monthEnded(offer.month, now)) return [];
  return isCurrentMonth(offer.month, now) ? ["activate"] : ["schedule"];
}

/** A new offer: the amounts blank, so their defaults apply. */
export function emptyOfferForm(now: Date = new Date()): OfferFormInput {
  return {
    month: currentMonth(now),
    brand: "",
    description: "",
    imageUrl: "",
    value50: "",
    fitcoins50: "",
    value100: "",
    fitcoins100: "",
  };
}

const twoDecimals = (amount: string | number): string => {
  const minor = parseMinor(amount);
  return minor === null ? String(amount) : formatMinor(minor);
};

/** An existing offer as the edit form shows it. */
export function offerFormFrom(offer: GiftCardOffer): OfferFormInput {
  return {
    month: offer.month,
    brand: offer.brand,
    description: offer.description,
    imageUrl: offer.imageUrl ?? "",
    value50: twoDecimals(offer.value50),
    fitcoins50: twoDecimals(offer.fitcoins50),
    value100: twoDecimals(offer.value100),
    fitcoins100: twoDecimals(offer.fitcoins100),
  };
}

function amount(value: OfferFormOutput[AmountField], field: AmountField): string {
  if (value === null || value === undefined || String(value).trim() === "")
    return OFFER_AMOUNT_DEFAULTS[field];
  return twoDecimals(typeof value === "string" ? value.trim() : value);
}

/** The checked form as sent: trimmed, blank amounts at their defaults, no image as null. */
export function offerRequest(values: OfferFormOutput): GiftCardOfferRequest {
  const imageUrl = typeof values.imageUrl === "string" ? values.imageUrl.trim() : "";
  return {
    month: values.month,
    brand: values.brand,
    description: values.description,
    imageUrl: imageUrl === "" ? null : imageUrl,
    value50: amount(values.value50, "value50"),
    fitcoins50: amount(values.fitcoins50, "fitcoins50"),
    value100: amount(values.value100, "value100"),
    fitcoins100: amount(values.fitcoins100, "fitcoins100"),
  };
}

/** "November 2026" for "2026-11"; the text itself when it is not a month. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return formatMonth(date, { timeZone: "UTC", locale: "en-US" });
}
