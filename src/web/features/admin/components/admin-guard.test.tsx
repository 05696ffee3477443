import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import type { User } from "../../../../core/schemas/auth";
import { ApiError } from "../../../lib/api-client";
import { authKeys } from "../../auth/api";
import { adminKeys } from "../api";
import { AdminGuard, TWO_FACTOR_NEEDED_MESSAGE } from "./admin-guard";

const admin = (twoFactorEnabled: boolean) =>
  ({ id: 1, username: "admin", isAdmin: true, twoFactorEnabled }) as User;

/** The guard around an admin screen whose call answered `error` (none: it answered). */
function render(user: User, error?: Error) {
  const client = new QueryClient();
  client.setQueryData(authKeys.user, user);
  client.setQueryData(adminKeys.check, true);
  if (error) {
    client
      .getQueryCache()
      .build(client, { queryKey: ["/api/admin/audit-log"] })
      .setState({ status: "error", error, fetchStatus: "idle" });
  }
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath="/admin/audit-log">
        <AdminGuard>
          <p>Admin screen</p>
        </AdminGuard>
      </Router>
    </QueryClientProvider>,
  );
}

const required = new ApiError(403, "Admin actions need two-factor sign-in.", { code: "TWO_FACTOR_REQUIRED" });

describe("the admin pages' guard and two-factor", () => {
  it("sends an admin whose admin call needs two-factor to set it up, with why", () => {
    const html = render(admin(false), required);
    expect(html).toContain(TWO_FACTOR_NEEDED_MESSAGE);
    expect(html).toContain('href="/profile?twoFactor=setup"');
    expect(html).not.toContain("Admin screen");
  });

  it("shows the screen otherwise: no refusal, another refusal, or two-factor on since", () => {
    expect(render(admin(false))).toContain("Admin screen");
    expect(
      render(admin(false), new ApiError(403, "Admin privileges required", { code: "FORBIDDEN" })),
    ).toContain("Admin screen");
    expect(render(admin(true), required)).toContain("Admin screen");
  });
});
