import { describe, expect, it } from "vitest";
import { groupTestKit } from "../features/groups/group-test-kit";
import type { Session } from "../test/factories";
import { useTwoInstances } from "../test/two-instances";
import { waitText } from "./member-limits";

/** Issue 22 item 4: chat posts and invitation emails are limited per member, for the whole service. */
describe("per-member limits across processes", () => {
  const apps = useTwoInstances({
    CHAT_RATE_LIMIT: "3",
    INVITE_EMAIL_RATE_LIMIT: "2",
    INVITE_EMAIL_DAILY_CAP: "3",
  });
  const g = groupTestKit(() => apps().first);
  /** A request on the first or the second process. */
  const on = (which: number, method: "POST", url: string, s: Session, payload: object) =>
    (which % 2 ? apps().second : apps().first.app).inject({ method, url, headers: s.headers, payload });

  it("counts a member's chat posts on both processes against one limit, in every room", async () => {
    const owner = await g.member(50);
    const other = await g.member(50);
    const one = await g.group(owner.session);
    const two = await g.group(owner.session, { name: "Evening Walkers" });
    await g.join(one.inviteCode, other.session);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const group = i % 2 ? two : one;
      codes.push(
        (await on(i, "POST", `/api/groups/${group.id}/messages`, owner.session, { message: `m${i}` }))
          .statusCode,
      );
    }
    expect(codes).toEqual([201, 201, 201, 429, 429]);
    const refused = await on(0, "POST", `/api/groups/${one.id}/messages`, owner.session, {
      message: "again",
    });
    expect(refused.json()).toEqual({
      code: "RATE_LIMITED",
      message: "You are sending messages too quickly. Try again in a minute.",
    });
    // Another member has a count of their own.
    expect(
      (await on(1, "POST", `/api/groups/${one.id}/messages`, other.session, { message: "hi" })).statusCode,
    ).toBe(201);
    // The next minute opens a new window.
    apps().first.clock.advance(61_000);
    expect(
      (await on(1, "POST", `/api/groups/${one.id}/messages`, owner.session, { message: "later" })).statusCode,
    ).toBe(201);
  });

  it("limits invitation emails an hour and a day per member, on both processes", async () => {
    const owner = await g.member(50);
    const group = await g.group(owner.session);
    const invite = (i: number) =>
      on(i, "POST", `/api/groups/${group.id}/invite-email`, owner.session, {
        email: `friend${i}@example.com`,
      });
    expect((await invite(0)).statusCode).toBe(200);
    expect((await invite(1)).statusCode).toBe(200);
    const hourly = await invite(2);
    expect(hourly.statusCode).toBe(429);
    expect(hourly.json()).toEqual({
      code: "RATE_LIMITED",
      message: "You are sending invitations too quickly. Try again in an hour.",
    });
    apps().first.clock.advance(61 * 60_000);
    expect((await invite(3)).statusCode).toBe(200);
    // The refused attempt did not use up the day: the third invitation of the day went out, the fourth is over the cap.
    const daily = await invite(4);
    expect(daily.statusCode).toBe(429);
    expect(daily.json().message).toBe(
      "You have sent the most invitations allowed today (3). Try again tomorrow.",
    );
    apps().first.clock.advance(61 * 60_000);
    expect((await invite(5)).statusCode).toBe(429);
    apps().first.clock.advance(23 * 60 * 60_000);
    expect((await invite(6)).statusCode).toBe(200);
  });

  it("says how long to wait", () => {
    expect(waitText(10_000)).toBe("a minute");
    expect(waitText(61_000)).toBe("2 minutes");
    expect(waitText(59 * 60_000)).toBe("59 minutes");
    expect(waitText(60 * 60_000)).toBe("an hour");
    expect(waitText(90 * 60_000)).toBe("2 hours");
  });
});
