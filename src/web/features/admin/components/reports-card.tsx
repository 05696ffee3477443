import { MessageSquareWarning } from "lucide-react";
import { useState } from "react";
import { REPORT_REASONS, type Report } from "../../../../core/schemas/safety";
import { useMarkReportReviewed, useOpenReports } from "../api";
import { BanDialog, type BanTarget } from "./member/ban-dialog";
import { ReportActions } from "./member/report-actions";
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
  const review = useMarkReportReviewed();
  const [banTarget, setBanTarget] = useState<BanTarget | null>(null);
  const items = query.data?.map((r) => ({
    ...reportItem(r),
    actions: <ReportActions report={r} onBan={setBanTarget} review={review} />,
  }));
  return (
    <>
      <ReviewQueueCard
        title="Reports"
        icon={MessageSquareWarning}
        description="Members reported by other members. Look into each report, act on the account if needed, then mark it reviewed."
        empty="No reports are waiting for review."
        query={{ ...query, data: items }}
      />
      <BanDialog target={banTarget} onClose={() => setBanTarget(null)} />
    </>
  );
}
