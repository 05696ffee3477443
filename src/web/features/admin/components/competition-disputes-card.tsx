import { Flag } from "lucide-react";
import { useCompetitionDisputes, useMarkDisputeReviewed } from "../api";
import { ReviewQueueCard } from "./review-queue-card";

/** Disputes participants opened within 48 hours of a competition's end. */
export function CompetitionDisputesCard() {
  const query = useCompetitionDisputes();
  const items = query.data?.map((d) => ({
    key: d.id,
    name: d.competitionName,
    username: d.username,
    details: d.reason,
    at: d.createdAt,
    atLabel: "Opened",
  }));
  return (
    <ReviewQueueCard
      title="Competition Disputes"
      icon={Flag}
      description="Participants who question a competition's results. Look into each, then mark it reviewed."
      empty="No disputes are waiting for review."
      query={{ ...query, data: items }}
      review={useMarkDisputeReviewed()}
      reviewedText={(item) => `The dispute of @${item.username} on ${item.name} is reviewed.`}
    />
  );
}
