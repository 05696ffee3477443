import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENTRY_FEE_TOAST_MS } from "../../../core/constants";
import {
  COMPETITION_DRAFT_KEY,
  type CompetitionFormValues,
  checkCompetitionForm,
  clearCompetitionDraft,
  emptyCompetitionForm,
  formFromCompetition,
  isoToLocalInput,
  keepUnchangedDates,
  localInputToIso,
  offsetText,
  readCompetitionDraft,
  writeCompetitionDraft,
} from "./competition-form-model";

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const filled: CompetitionFormValues = {
  name: "Autumn Sprint",
  description: "A week of walking",
  entryFee: "$1,0.50",
  maxParticipants: "25",
  startDate: "2026-11-24T09:00",
  endDate: "2026-11-30T21:30",
  entryDeadlineHours: "6",
};

describe("dates in the admin's own time zone", () => {
  it("writes offsets as ISO 8601 does", () => {
    expect(offsetText(0)).toBe("+00:00");
    expect(offsetText(330)).toBe("+05:30");
    expect(offsetText(-300)).toBe("-05:00");
  });

  it("sends the typed wall-clock time with this zone's offset, the same instant", () => {
    const iso = localInputToIso("2026-11-24T09:00");
    expect(iso).toMatch(/^2026-11-24T09:00:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso as string).getTime()).toBe(new Date(2026, 10, 24, 9, 0).getTime());
    expect(isoToLocalInput(iso as string)).toBe("2026-11-24T09:00");
    expect(localInputToIso("tomorrow")).toBeNull();
  });
});

describe("checking the form with the shared schema", () => {
  it("sends FitCoins as numbers and empty fields as null", () => {
    const ok = checkCompetitionForm(filled, { timeZone: "UTC" });
    expect(ok).toMatchObject({
      ok: true,
      request: { name: "Autumn Sprint", entryFee: 10.5, maxParticipants: 25, entryDeadlineHours: 6 },
    });
    const free = checkCompetitionForm(
      {
        ...filled,
        entryFee: " ",
        maxParticipants: "",
        entryDeadlineHours: "",
      },
      { timeZone: "UTC" },
    );
    expect(free).toMatchObject({
      ok: true,
      request: { entryFee: null, maxParticipants: null, entryDeadlineHours: null },
    });
  });

  it("a missing field is the Missing Information toast", () => {
    const result = checkCompetitionForm({ ...filled, description: "  " }, { timeZone: "UTC" });
    expect(result).toMatchObject({
      ok: false,
      toast: { title: "Missing Information", description: "Please fill in all required fields." },
    });
  });

  it("a fee outside 5 to 150 is the Invalid Entry Fee toast, for 30 s", () => {
    for (const entryFee of ["4.99", "150.01", "abc"]) {
      expect(checkCompetitionForm({ ...filled, entryFee }, { timeZone: "UTC" })).toMatchObject({
        ok: false,
        toast: {
          title: "Invalid Entry Fee",
          description: "Entry fee must be between 5 and 150 coins",
          duration: ENTRY_FEE_TOAST_MS,
        },
      });
    }
    expect(checkCompetitionForm({ ...filled, entryFee: "150" }, { timeZone: "UTC" }).ok).toBe(true);
    // On edit a paid competition's fee is required.
    expect(
      checkCompetitionForm({ ...filled, entryFee: "" }, { feeRequired: true, timeZone: "UTC" }),
    ).toMatchObject({
      ok: false,
      toast: { title: "Invalid Entry Fee" },
    });
  });

  it("other rules sit under their field", () => {
    const result = checkCompetitionForm({ ...filled, endDate: "2026-11-23T09:00" }, { timeZone: "UTC" });
    expect(result).toMatchObject({
      ok: false,
      toast: null,
      fieldErrors: { endDate: "The end must be after the start" },
    });
    expect(checkCompetitionForm({ ...filled, maxParticipants: "0" }, { timeZone: "UTC" })).toMatchObject({
      ok: false,
      fieldErrors: { maxParticipants: "Maximum participants must be a whole number of at least 1" },
    });
  });
});

describe("the create form's draft", () => {
  it("is kept, read back, and cleared", () => {
    const store = new MemoryStorage();
    expect(readCompetitionDraft(store)).toBeNull();
    writeCompetitionDraft(filled, store);
    expect(readCompetitionDraft(store)).toEqual(filled);
    clearCompetitionDraft(store);
    expect(store.getItem(COMPETITION_DRAFT_KEY)).toBeNull();
  });

  it("an empty form removes the draft; unreadable storage gives no draft", () => {
    const store = new MemoryStorage();
    writeCompetitionDraft(filled, store);
    writeCompetitionDraft(emptyCompetitionForm, store);
    expect(store.getItem(COMPETITION_DRAFT_KEY)).toBeNull();
    store.setItem(COMPETITION_DRAFT_KEY, "{not json");
    expect(readCompetitionDraft(store)).toBeNull();
    store.setItem(COMPETITION_DRAFT_KEY, JSON.stringify({ name: "Kept", entryFee: 12 }));
    expect(readCompetitionDraft(store)).toEqual({ ...emptyCompetitionForm, name: "Kept" });
  });
});

describe("the edit form", () => {
  const started = {
    id: 4,
    name: "Quick Dash",
    description: "Two minutes",
    entryFee: 5,
    prizePool: 10,
    participantCount: 2,
    maxParticipants: null,
    startDate: "2026-11-23T09:20:22.111Z",
    endDate: "2026-11-30T09:22:22.111Z",
    entryDeadline: null,
    entryDeadlineHours: -1,
    status: "active" as const,
    createdBy: 1,
    isParticipant: false,
    canJoin: true,
    inviteCode: "QDLBPIXX",
    leaderboard: [],
    userRank: null,
    settlement: "open" as const,
    results: [],
    canDispute: false,
  };

  it("is pre-filled, and sends untouched dates exactly as stored (the form shows minutes only)", () => {
    const values = { ...formFromCompetition(started, "UTC"), name: "Quick Dash II" };
    expect(values).toMatchObject({ entryFee: "5", maxParticipants: "", entryDeadlineHours: "-1" });
    const checked = checkCompetitionForm(values, { timeZone: "UTC" });
    if (!checked.ok) throw new Error("expected a valid form");
    const body = keepUnchangedDates(checked.request, values, started, "UTC");
    expect(body).toMatchObject({
      name: "Quick Dash II",
      startDate: started.startDate,
      endDate: started.endDate,
    });
    const moved = { ...values, endDate: "2026-12-01T10:00" };
    const checkedMoved = checkCompetitionForm(moved, { timeZone: "UTC" });
    if (!checkedMoved.ok) throw new Error("expected a valid form");
    expect(keepUnchangedDates(checkedMoved.request, moved, started, "UTC").endDate).not.toBe(started.endDate);
  });
});

describe("the form on a device set to another zone than the profile's", () => {
  const profileZone = "America/New_York";
  const deviceZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = "Asia/Tokyo";
  });
  afterAll(() => {
    process.env.TZ = deviceZone;
  });

  it("reads the typed times in the profile's zone, not the device's", () => {
    expect(new Date("2026-11-24T14:00:00.000Z").getHours()).toBe(23);
    const checked = checkCompetitionForm(filled, { timeZone: profileZone });
    expect(checked).toMatchObject({
      ok: true,
      request: { startDate: "2026-11-24T14:00:00.000Z", endDate: "2026-12-01T02:30:00.000Z" },
    });
  });

  it("pre-fills in the profile's zone and an unchanged save sends the same instants", () => {
    const c = {
      id: 9,
      name: "Winter Walk",
      description: "Cold feet",
      entryFee: null,
      maxParticipants: null,
      entryDeadlineHours: null,
      startDate: "2026-11-24T14:00:00.000Z",
      endDate: "2026-12-01T02:30:00.000Z",
    } as Parameters<typeof formFromCompetition>[0];
    const values = formFromCompetition(c, profileZone);
    expect(values).toMatchObject({ startDate: "2026-11-24T09:00", endDate: "2026-11-30T21:30" });
    const checked = checkCompetitionForm(values, { timeZone: profileZone });
    if (!checked.ok) throw new Error("expected a valid form");
    expect(checked.request).toMatchObject({ startDate: c.startDate, endDate: c.endDate });
    expect(keepUnchangedDates(checked.request, values, c, profileZone)).toMatchObject({
      startDate: c.startDate,
      endDate: c.endDate,
    });
  });
});
