import { PageHeader } from "../../../components/layout/page";
import { AdminGuard } from "../../admin/components/admin-guard";
import { DomainHelpCard } from "../components/domain-help-card";
import { OutboxCard } from "../components/outbox-card";
import { SendTestEmailCard } from "../components/send-test-email-card";

/** Email test (specification 3, /email-test; admins): send each template, DNS help, the outbox. */
export function EmailTestPage() {
  return (
    <AdminGuard>
      <PageHeader
        title="Email Test"
        description="Send test emails and read the latest messages of the outbox."
        backHref="/admin"
        backLabel="Admin Panel"
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <div className="grid gap-6">
          <SendTestEmailCard />
          <DomainHelpCard />
        </div>
        <OutboxCard />
      </div>
    </AdminGuard>
  );
}
