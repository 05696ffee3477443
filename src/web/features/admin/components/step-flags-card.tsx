import { ShieldAlert } from "lucide-react";
import { formatCount } from "../../../../core/numbers";
import { useFlaggedStepAccounts, useMarkStepFlagReviewed } from "../api";
import { ReviewQueueCard } from "./review-queue-card";

const steps = (n: number) => formatCount(n);

/** Members whose step syncs were refused as implausible three times within a day. */
export function StepFlagsCard() {
  const query = useFlaggedStepAccounts();
  const items = query.data?.map((flag) => ({
    key: flag.userId,
    name: `${flag.firstName} ${flag.lastName}`,
    username: flag.username,
    details: `${flag.refusals} refused syncs${
      flag.lastRefusal
        ? `; the last sent ${steps(flag.lastRefusal.steps)} steps where at most ${steps(flag.lastRefusal.allowedSteps)} were possible`
        : ""
    }`,
    at: flag.flaggedAt,
  }));
  return (
    <ReviewQueueCard
      title="Step Reviews"
      icon={ShieldAlert}
      description="Accounts whose step syncs were refused as faster than anyone walks, three times within 24 hours. Refused steps were never counted."
      empty="No accounts are waiting for review."
      query={{ ...query, data: items }}
      review={useMarkStepFlagReviewed()}
    />
  );
}
