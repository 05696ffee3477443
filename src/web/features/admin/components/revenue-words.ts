// The admin screens' two revenue figures, each by its own name and with what it counts (issue 32
// item 8): the admin home's all-time fees (specification 3, "Platform Revenue (15% Fees)") and
// Finance's revenue of a date range, which adds subscriptions. Both screens take their words here.

/** The admin home's figure: the 15% fees account, since the start. */
export const FEE_REVENUE = {
  label: "Total Fee Revenue",
  counts:
    "Every 15% fee on FitCoin conversions and card purchases, since the start. Subscriptions are not fees: Finance adds them to Revenue.",
} as const;

/** Finance's figure: subscriptions plus the 15% fees, over the dates picked. */
export const RANGE_REVENUE = {
  label: "Revenue",
  counts: "Subscriptions plus the 15% fees, over the dates picked",
} as const;
