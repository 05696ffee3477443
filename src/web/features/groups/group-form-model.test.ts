import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createGroupBodySchema,
  DURATION_REQUIRED,
  EDIT_ENTRY_PRICE_MESSAGE,
  editGroupBodySchema,
  GROUP_ENTRY_FEE_MESSAGE,
  GROUP_NAME_REQUIRED,
  type Group,
  START_DATE_REQUIRED,
  START_TIME_REQUIRED,
} from "../../../core/schemas/groups";
import {
  editFormFromGroup,
  emptyCreateGroupForm,
  nextRoundFormFromGroup,
  toCreateRequest,
  todayIn,
  toEditBodyInput,
  toEditRequest,
} from "./group-form-model";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("the create form", () => {
  it("starts with the default entry price, 24 hours cutoff and 7 days", () => {
    const body = createGroupBodySchema.parse({ ...emptyCreateGroupForm, name: "Walkers" });
    expect(toCreateRequest(body)).toEqual({
      name: "Walkers",
      description: "",
      isPrivate: false,
      hasScheduledCompetition: false,
      competitionStartDate: null,
      competitionStartTime: null,
      entryDeadlineHours: null,
      competitionDuration: null,
      poolEntryPrice: 15,
    });
  });

  it("answers the specification's messages: the fields first, then the schedule", () => {
    const scheduled = { ...emptyCreateGroupForm, hasScheduledCompetition: true, competitionDuration: "" };
    const fields = createGroupBodySchema.safeParse({ ...scheduled, poolEntryPrice: "200" });
    expect(messages(fields)).toEqual([GROUP_NAME_REQUIRED, GROUP_ENTRY_FEE_MESSAGE]);
    const schedule = createGroupBodySchema.safeParse({ ...scheduled, name: "Walkers" });
    expect(messages(schedule)).toEqual([START_DATE_REQUIRED, START_TIME_REQUIRED, DURATION_REQUIRED]);
  });

  it("sends a schedule as typed, the price without $ and commas", () => {
    const body = createGroupBodySchema.parse({
      ...emptyCreateGroupForm,
      name: "Walkers",
      hasScheduledCompetition: true,
      competitionStartDate: "2026-11-24",
      competitionStartTime: "07:30",
      entryDeadlineHours: "-1",
      competitionDuration: "14",
      poolEntryPrice: "$1,2.50",
    });
    expect(toCreateRequest(body)).toMatchObject({
      competitionStartDate: "2026-11-24",
      competitionStartTime: "07:30",
      entryDeadlineHours: -1,
      competitionDuration: 14,
      poolEntryPrice: 12.5,
    });
  });

  it("does not offer a start date before today in the member's zone", () => {
    const lateUtc = new Date("2026-03-10T23:30:00Z");
    expect(todayIn("UTC", lateUtc)).toBe("2026-03-10");
    expect(todayIn("Asia/Tokyo", lateUtc)).toBe("2026-03-11");
  });
});

describe("the edit form", () => {
  const group = {
    name: "Walkers",
    description: "Daily",
    poolGoal: "100.00",
    poolEntryPrice: "15.00",
    competitionStartDate: "2026-03-10T12:00:30.000Z",
    competitionEndDate: "2026-03-17T12:00:30.000Z",
  } as Group;

  it("sends empty fields as null", () => {
    const values = {
      ...editFormFromGroup(group, "UTC"),
      poolGoal: "",
      poolEntryPrice: "",
      competitionStartDate: "",
      competitionEndDate: "",
    };
    const body = editGroupBodySchema.parse(toEditBodyInput(values, "UTC"));
    expect(toEditRequest(body, values, group, "UTC")).toEqual({
      name: "Walkers",
      description: "Daily",
      poolGoal: null,
      poolEntryPrice: null,
      competitionStartDate: null,
      competitionEndDate: null,
    });
  });

  it("keeps dates left as they were to the second, so a started competition is not moved", () => {
    const values = { ...editFormFromGroup(group, "UTC"), name: "Walkers 2" };
    const body = editGroupBodySchema.parse(toEditBodyInput(values, "UTC"));
    expect(toEditRequest(body, values, group, "UTC")).toMatchObject({
      name: "Walkers 2",
      poolGoal: 100,
      poolEntryPrice: 15,
      competitionStartDate: group.competitionStartDate,
      competitionEndDate: group.competitionEndDate,
    });
  });

  it("leaves the dates empty for the next round and sends the new ones read in the profile's zone", () => {
    const values = nextRoundFormFromGroup(group, "America/New_York");
    expect(values).toMatchObject({ name: "Walkers", poolEntryPrice: "15.00", competitionStartDate: "" });
    const next = {
      ...values,
      competitionStartDate: "2026-03-24T09:00",
      competitionEndDate: "2026-03-31T09:00",
    };
    const body = editGroupBodySchema.parse(toEditBodyInput(next, "America/New_York"));
    expect(toEditRequest(body, next, group, "America/New_York")).toMatchObject({
      competitionStartDate: "2026-03-24T13:00:00.000Z",
      competitionEndDate: "2026-03-31T13:00:00.000Z",
    });
  });

  it("refuses an entry price outside 5 to 150 with the edit form's message", () => {
    const values = { ...editFormFromGroup(group, "UTC"), poolEntryPrice: "4.99" };
    expect(messages(editGroupBodySchema.safeParse(toEditBodyInput(values, "UTC")))).toContain(
      EDIT_ENTRY_PRICE_MESSAGE,
    );
  });
});

describe("the edit form on a phone set to another zone than the profile's", () => {
  const profileZone = "America/New_York";
  const deviceZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = "Asia/Tokyo";
  });
  afterAll(() => {
    process.env.TZ = deviceZone;
  });
  // Created as 9:00 on March 10 in New York (the server reads the create form in the profile zone).
  const group = {
    name: "Walkers",
    description: "",
    poolGoal: null,
    poolEntryPrice: "15.00",
    competitionStartDate: "2026-03-10T13:00:00.000Z",
    competitionEndDate: "2026-03-17T13:00:00.000Z",
  } as Group;

  it("runs on a device in Tokyo (the test's premise)", () => {
    expect(new Date("2026-03-10T13:00:00.000Z").getHours()).toBe(22);
  });

  it("pre-fills the start as entered, 9:00 in the profile's zone", () => {
    expect(editFormFromGroup(group, profileZone)).toMatchObject({
      competitionStartDate: "2026-03-10T09:00",
      competitionEndDate: "2026-03-17T09:00",
    });
  });

  it("sends the same instants on an unchanged save", () => {
    const values = editFormFromGroup(group, profileZone);
    const body = editGroupBodySchema.parse(toEditBodyInput(values, profileZone));
    expect(new Date(body.competitionStartDate ?? "").toISOString()).toBe(group.competitionStartDate);
    expect(toEditRequest(body, values, group, profileZone)).toMatchObject({
      competitionStartDate: group.competitionStartDate,
      competitionEndDate: group.competitionEndDate,
    });
  });

  it("reads a changed time in the profile's zone too", () => {
    const values = { ...editFormFromGroup(group, profileZone), competitionEndDate: "2026-03-18T18:30" };
    const body = editGroupBodySchema.parse(toEditBodyInput(values, profileZone));
    expect(toEditRequest(body, values, group, profileZone)).toMatchObject({
      competitionStartDate: group.competitionStartDate,
      competitionEndDate: "2026-03-18T22:30:00.000Z",
    });
  });
});
