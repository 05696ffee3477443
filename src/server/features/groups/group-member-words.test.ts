import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utcToZonedTime } from "../../../core/rules/zoned-time";
import { editGroupBodySchema, type Group } from "../../../core/schemas/groups";
import {
  editFormFromGroup,
  toEditBodyInput,
  toEditRequest,
} from "../../../web/features/groups/group-form-model";
import { useTestApp } from "../../test/test-app";
import { groupTestKit } from "./group-test-kit";

const DAY = 24 * 3600_000;

/** What a member reads and sends: dates in their profile zone, money errors that name the amount. */
describe("groups API: the member's zone and the words about money", () => {
  const t = useTestApp();
  const { app, member, call, group } = groupTestKit(t);

  describe("on a phone set to another zone than the profile's", () => {
    const deviceZone = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = "Asia/Tokyo";
    });
    afterAll(() => {
      // Unset stays unset (assigning undefined would set the text "undefined" for the next files).
      if (deviceZone === undefined) delete process.env.TZ;
      else process.env.TZ = deviceZone;
    });

    it("shows a start entered as 9:00 as 9:00, and an unchanged save of Edit Group changes nothing", async () => {
      const zone = "America/New_York";
      const owner = await member(100, { timeZone: zone });
      const day = utcToZonedTime(new Date(app().ctx.clock.now().getTime() + 3 * DAY), zone).date;
      const created: Group = await group(owner.session, {
        hasScheduledCompetition: true,
        competitionStartDate: day,
        competitionStartTime: "09:00",
        competitionDuration: 7,
      });
      const values = editFormFromGroup(created, zone);
      expect(values.competitionStartDate).toBe(`${day}T09:00`);

      const body = editGroupBodySchema.parse(toEditBodyInput(values, zone));
      const saved = await call("PUT", `/api/groups/${created.id}`, owner.session, {
        ...toEditRequest(body, values, created, zone),
        // Through the wire as the form's own instants, not the kept ones: the same to the minute.
        competitionStartDate: body.competitionStartDate,
        competitionEndDate: body.competitionEndDate,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const after: Group = (await call("GET", `/api/groups/${created.id}`, owner.session)).json();
      expect(after.competitionStartDate).toBe(created.competitionStartDate);
      expect(after.competitionEndDate).toBe(created.competitionEndDate);
      expect(after.entryDeadlineDate).toBe(created.entryDeadlineDate);
    });
  });

  it("names the contribution asked for, not the entry price, when FitCoins are short", async () => {
    const owner = await member(20);
    const g = await group(owner.session, { poolEntryPrice: 15 });
    const res = await call("POST", `/api/groups/${g.id}/contribute`, owner.session, { amount: 7.5 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "INSUFFICIENT_FUNDS",
      message: "Insufficient FitCoins: the contribution is 7.50 FC and you have 5.00 FC",
    });
    const poor = await member(10);
    const join = await call("POST", `/api/groups/join/${g.inviteCode}`, poor.session);
    expect(join.json().message).toBe(
      "Insufficient FitCoins: the entry price is 15.00 FC and you have 10.00 FC",
    );
  });
});
