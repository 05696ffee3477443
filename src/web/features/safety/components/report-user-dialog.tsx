import { REPORT_REASONS } from "../../../../core/schemas/safety";
import { FormDialog } from "../../../components/form-dialog";
import { FormField } from "../../../components/ui/form-field";
import { NativeSelect } from "../../../components/ui/native-select";
import { Textarea } from "../../../components/ui/textarea";
import { useReportUser } from "../api";
import { checkReport, reportFailure, SAFETY_TEXTS } from "../safety-view";
import { useCheckedForm } from "./use-checked-form";
import { UsernameField } from "./username-field";

const EMPTY = { username: "", reason: "", description: "" };

/** Report a member by username to the admins' Reports queue. */
export function ReportUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const report = useReportUser();
  const { form, setForm, close, onSubmit } = useCheckedForm({
    empty: EMPTY,
    onOpenChange,
    check: checkReport,
    mutation: report,
    success: SAFETY_TEXTS.reported,
    failure: (error) => ({ title: SAFETY_TEXTS.reportFailed.title, description: reportFailure(error) }),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Report User"
      description="Tell our team about a member who breaks the community guidelines. Reports are confidential."
      submitLabel="Submit Report"
      pendingLabel="Submitting..."
      pending={report.isPending}
      onSubmit={onSubmit}
    >
      <UsernameField
        id="report-username"
        value={form.username}
        onChange={(username) => setForm({ ...form, username })}
      />
      <FormField id="report-reason" label="Reason">
        <NativeSelect
          id="report-reason"
          value={form.reason}
          onChange={(e) => setForm({ ...form, reason: e.target.value })}
        >
          <option value="" disabled>
            Select a reason
          </option>
          {REPORT_REASONS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="report-description" label="Description (optional)">
        <Textarea
          id="report-description"
          value={form.description}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
          placeholder="What happened? Where and when?"
          rows={4}
          maxLength={2000}
        />
      </FormField>
    </FormDialog>
  );
}
