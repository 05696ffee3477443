import { describe, expect, it } from "vitest";
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
      ...editFormFromGroup(group),
      poolGoal: "",
      poolEntryPrice: "",
      competitionStartDate: "",
      competitionEndDate: "",
    };
    const body = editGroupBodySchema.parse(toEditBodyInput(values));
    expect(toEditRequest(body, values, group)).toEqual({
      name: "Walkers",
      description: "Daily",
      poolGoal: null,
      poolEntryPrice: null,
      competitionStartDate: null,
      competitionEndDate: null,
    });
  });

  it("keeps dates left as they were to the second, so a started competition is not moved", () => {
    const values = { ...editFormFromGroup(group), name: "Walkers 2" };
    const body = editGroupBodySchema.parse(toEditBodyInput(values));
    expect(toEditRequest(body, values, group)).toMatchObject({
      name: "Walkers 2",
      poolGoal: 100,
      poolEntryPrice: 15,
      competitionStartDate: group.competitionStartDate,
      competitionEndDate: group.competitionEndDate,
    });
  });

  it("refuses an entry price outside 5 to 150 with the edit form's message", () => {
    const values = { ...editFormFromGroup(group), poolEntryPrice: "4.99" };
    expect(messages(editGroupBodySchema.safeParse(toEditBodyInput(values)))).toContain(
      EDIT_ENTRY_PRICE_MESSAGE,
    );
  });
});
