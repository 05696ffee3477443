import { describe, expect, it, vi } from "vitest";
import { shareCompetition } from "./competition-share";

const competition = { name: "Autumn Sprint", prizePool: 42.5, inviteCode: "AB12CD", entryFee: 10 };
const origin = "https://steprace.example";

describe("sharing a competition", () => {
  it("uses the share sheet with the invite link and the pool", async () => {
    const share = vi.fn(async () => undefined);
    expect(await shareCompetition(competition, origin, { share })).toBe("shared");
    expect(share).toHaveBeenCalledWith({
      title: "Autumn Sprint",
      text: 'Join me in the "Autumn Sprint" step competition on StepRace! The prize pool is already 42.50 FC.',
      url: "https://steprace.example/competitions/join/AB12CD",
    });
  });

  it("ignores a share the member cancelled", async () => {
    const writeText = vi.fn(async () => undefined);
    const share = vi.fn(async () => {
      throw new DOMException("cancelled", "AbortError");
    });
    expect(await shareCompetition(competition, origin, { share, clipboard: { writeText } })).toBe(
      "cancelled",
    );
    expect(writeText).not.toHaveBeenCalled();
  });

  it("copies the text and link when there is no share sheet, or it failed", async () => {
    const writeText = vi.fn(async () => undefined);
    const empty = { ...competition, prizePool: 0 };
    expect(await shareCompetition(empty, origin, { clipboard: { writeText } })).toBe("copied");
    expect(writeText).toHaveBeenCalledWith(
      'Join me in the "Autumn Sprint" step competition on StepRace! The prize pool grows with each participant. https://steprace.example/competitions/join/AB12CD',
    );
    // A free competition's pool never grows: its share text says it is free (issue 32 item 6).
    const free = { ...competition, prizePool: 0, entryFee: null };
    expect(await shareCompetition(free, origin, { clipboard: { writeText } })).toBe("copied");
    expect(writeText).toHaveBeenLastCalledWith(
      'Join me in the "Autumn Sprint" step competition on StepRace! It\'s free to join. https://steprace.example/competitions/join/AB12CD',
    );
    const share = vi.fn(async () => {
      throw new DOMException("not allowed", "NotAllowedError");
    });
    expect(await shareCompetition(competition, origin, { share, clipboard: { writeText } })).toBe("copied");
  });

  it("says when neither works", async () => {
    const writeText = vi.fn(async () => {
      throw new Error("denied");
    });
    expect(await shareCompetition(competition, origin, { clipboard: { writeText } })).toBe("failed");
    expect(await shareCompetition(competition, origin, {})).toBe("failed");
  });
});
