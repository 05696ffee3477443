import { MessageSquareWarning } from "lucide-react";
import { REPORT_REASONS, type Report } from "../../../../core/schemas/safety";
import { useMarkReportReviewed, useOpenReports } from "../api";
import { ReportedMessage } from "./reported-message";
import { type ReviewItem, ReviewQueueCard } from "./review-queue-card";

/** "Harassment or Bullying" for "harassment"; an unknown value as it is. */
export function reportReasonLabel(value: string): string {
  return REPORT_REASONS.find((r) => r.value === value)?.label ?? value;
}

/** One queue row: the reported member, why, who reported them, and how many open reports name them. */
export function reportItem(report: Report): ReviewItem {
  const { reported } = report;
  return {
    key: report.id,
    name: `${reported.firstName} ${reported.lastName}`.trim() || reported.username,
    username: reported.username,
    details: (
      <>
        <span className="block font-semibold text-slate-800">{reportReasonLabel(report.reason)}</span>
        {report.description ? <span className="block break-words">{report.description}</span> : null}
        {report.message ? <ReportedMessage message={report.message} /> : null}
        <span className="block text-slate-500">Reported by @{report.reporter.username}</span>
        {report.reportsAboutMember > 1 ? (
          <span className="block font-semibold text-red-700">
            {report.reportsAboutMember} open reports about this member
          </span>
        ) : null}
      </>
    ),
    at: report.createdAt,
    atLabel: "Reported",
  };
}

/** Members' reports about other members (the Safety page's Report User). */
export function ReportsCard() {
  const query = useOpenReports();
  return (
    <ReviewQueueCard
      title="Reports"
      icon={MessageSquareWarning}
      description="Members reported by other members. Look into each report, act on the account if needed, then mark it reviewed."
      empty="No reports are waiting for review."
      query={{ ...query, data: query.data?.map(reportItem) }}
      review={useMarkReportReviewed()}
      reviewedText={(item) => `The report about @${item.username} is reviewed.`}
    />
  );
}
