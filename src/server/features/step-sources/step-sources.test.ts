import { describe, expect, it } from "vitest";
import { fundedMember } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

describe("step sources without Withings' settings", () => {
  const t = useTestApp();
  it("offers nothing to connect", async () => {
    const { session } = await fundedMember(t().app, 0);
    const res = await t().app.inject({ url: "/api/step-sources", headers: session.headers });
    expect(res.json().available).toEqual([]);
    const connect = await t().app.inject({
      method: "POST",
      url: "/api/step-sources/withings/connect",
      headers: session.headers,
      payload: {},
    });
    expect(connect.statusCode).toBe(404);
  });
});
