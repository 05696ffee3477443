import { describe, expect, it } from "vitest";
import { z } from "zod";
import { sharedAnswerSerializer, sharedFieldSerializer } from "./shared-serializers";

const member = z.object({ userId: z.number(), firstName: z.string() });
const page = z.object({ id: z.number(), name: z.string(), members: z.array(member) });
const route = (schema: unknown) => ({ schema, method: "GET", url: "/api/groups/:id", httpStatus: "200" });

describe("serializers of shared answers", () => {
  it("answers a page with a shared field as the plain serializer does, the field last", () => {
    const serialize = sharedFieldSerializer("members")(route(page));
    const members = [{ userId: 1, firstName: "Ann" }];
    const text = serialize({ id: 7, name: "Walkers", members });
    expect(text).toBe('{"id":7,"name":"Walkers","members":[{"userId":1,"firstName":"Ann"}]}');
    expect(JSON.parse(serialize({ id: 8, name: "Runners", members }))).toEqual({
      id: 8,
      name: "Runners",
      members,
    });
  });

  it("encodes the shared field once per value, the rest per answer", () => {
    const serialize = sharedFieldSerializer("members")(route(page));
    const members = [{ userId: 1, firstName: "Ann" }];
    serialize({ id: 7, name: "Walkers", members });
    // Shared values are never changed; were one changed, the same value answers as first encoded.
    members[0].firstName = "Changed";
    expect(JSON.parse(serialize({ id: 7, name: "Renamed", members }))).toEqual({
      id: 7,
      name: "Renamed",
      members: [{ userId: 1, firstName: "Ann" }],
    });
    // A new value (a new version of the list) is encoded anew.
    expect(JSON.parse(serialize({ id: 7, name: "Renamed", members: [...members] })).members).toEqual([
      { userId: 1, firstName: "Changed" },
    ]);
  });

  it("still refuses an answer its schema does not allow, in the rest or in the shared field", () => {
    const serialize = sharedFieldSerializer("members")(route(page));
    expect(() => serialize({ id: "7", name: "Walkers", members: [] })).toThrow();
    expect(() => serialize({ id: 7, name: "Walkers", members: [{ userId: 1 }] })).toThrow();
  });

  it("answers a route's other statuses (a message, not the page) as usual", () => {
    const message = z.object({ message: z.string() });
    const serialize = sharedFieldSerializer("members")({ ...route(message), httpStatus: "404" });
    expect(serialize({ message: "Group not found" })).toBe('{"message":"Group not found"}');
  });

  it("remembers a whole shared answer by its identity", () => {
    const serialize = sharedAnswerSerializer(route(z.array(member)));
    const room = [{ userId: 1, firstName: "Ann" }];
    expect(serialize(room)).toBe('[{"userId":1,"firstName":"Ann"}]');
    room[0].firstName = "Changed";
    expect(serialize(room)).toBe('[{"userId":1,"firstName":"Ann"}]');
    expect(serialize([...room])).toBe('[{"userId":1,"firstName":"Changed"}]');
  });
});
