import type { ImportedDayTotal, ImportedInterval } from "../steps/steps.service";
import type { BudgetUse } from "./api-budget";

// One module per vendor (issue 33): what the step sources need from a wearable's API. Withings is
// the first (withings/); a vendor's module is the only code that knows its API.

export type VendorTokens = {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  scope: string;
  /** The vendor's id of the account, which its webhooks name. */
  externalUserId: string;
};

/** The longest span `intervals` is asked for at once (Withings answers 24 h a request). */
export const MAX_INTERVALS_SPAN_MS = 24 * 3600_000;

/** The vendor refused the tokens (expired, revoked): the member must connect again. */
export class TokenRefused extends Error {}
/** The vendor's request budget is spent for now: try again later. */
export class BudgetSpent extends Error {}

/** A call to the vendor's API, counted against its budget for `use`. */
export type VendorCall = { use: BudgetUse };

export type StepVendor = {
  id: string;
  name: string;
  /** Where the member consents; `redirectUri` is this server's callback. */
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string, call: VendorCall): Promise<VendorTokens>;
  refresh(refreshToken: string, call: VendorCall): Promise<Omit<VendorTokens, "externalUserId">>;
  /** The intervals measured from `from` to `to` (at most MAX_INTERVALS_SPAN_MS apart). */
  intervals(accessToken: string, from: Date, to: Date, call: VendorCall): Promise<ImportedInterval[]>;
  /** The day totals of the member's dates from `fromDate` to `toDate`. */
  dayTotals(
    accessToken: string,
    fromDate: string,
    toDate: string,
    call: VendorCall,
  ): Promise<ImportedDayTotal[]>;
  /** Asks the vendor to call `callbackUrl` when the member's steps change. */
  subscribe(accessToken: string, callbackUrl: string, call: VendorCall): Promise<void>;
  /** Ends the vendor's notifications and the app's access (best effort: errors are the caller's to log). */
  revoke(
    tokens: { accessToken: string; externalUserId: string },
    callbackUrl: string,
    call: VendorCall,
  ): Promise<void>;
};
