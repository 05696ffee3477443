import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AuditEntry, AuditPage } from "../../../../../core/schemas/audit";
import { memberAuditUrl } from "../../member-api";
import { MemberAuditCard } from "./member-history-cards";

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  admin: { id: 1, username: "ada" },
  actor: "admin",
  action: "user.ban",
  targetType: "user",
  targetId: 3,
  targetUser: { id: 3, username: "dana" },
  reason: null,
  details: null,
  createdAt: "2026-11-21T09:00:00Z",
  ...over,
});

function render(items: AuditEntry[]) {
  const client = new QueryClient();
  client.setQueryData<AuditPage>([memberAuditUrl(3)], { items, nextCursor: null });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemberAuditCard id={3} timeZone="UTC" />
    </QueryClientProvider>,
  );
}

describe("the member page's admin actions", () => {
  it("says each action in the audit log's words, and who did it", () => {
    const html = render([
      entry({ id: 2, action: "user.unban", reason: "Appeal accepted" }),
      entry({ id: 1, action: "user.ban", reason: "Fake step counts" }),
      entry({ id: 3, action: "passkey.added", actor: "member", admin: { id: 3, username: "dana" } }),
    ]);
    expect(html).toContain("Unbanned a member");
    expect(html).toContain("Banned a member");
    expect(html).toContain("by @ada");
    expect(html).toContain("by @dana, on their own account");
    expect(html).toContain("Appeal accepted");
    expect(html).not.toContain("user.unban");
    expect(html).not.toContain("user.ban");
    expect(html).not.toContain("passkey.added");
  });
});
