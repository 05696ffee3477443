import { describe, expect, it } from "vitest";
import { runJobsOnce } from "../jobs/scheduler";
import { DEVICE } from "../test/factories";
import { useTestApp } from "../test/test-app";
import { seedDemoData } from "./demo";

describe("demo data", () => {
  const t = useTestApp();

  it("creates members in every access state, which the jobs leave as they are", async () => {
    const seeded = await seedDemoData(t().app.ctx);
    expect(seeded).not.toBeNull();
    await runJobsOnce(t().app.ctx);
    const state = async (username: string, password: string) => {
      const login = await t().app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: DEVICE,
        payload: { username, password },
      });
      expect(login.statusCode).toBe(200);
      const u = login.json();
      return { status: u.subscriptionStatus, rules: u.rulesAccepted, admin: u.isAdmin };
    };
    const pw = seeded?.memberPassword as string;
    expect(await state("admin", seeded?.adminPassword as string)).toEqual({
      status: "active",
      rules: true,
      admin: true,
    });
    expect(await state("alex", pw)).toEqual({ status: "active", rules: true, admin: false });
    expect(await state("jordan", pw)).toEqual({ status: "active", rules: false, admin: false });
    expect(await state("sam", pw)).toEqual({ status: "expired", rules: true, admin: false });
    expect(await state("newbie", pw)).toEqual({ status: "inactive", rules: false, admin: false });
    // Seeding runs once: a database with users is left alone.
    expect(await seedDemoData(t().app.ctx)).toBeNull();
  });
});
