import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { shouldRetryCurrentUser, shouldRetryMutation, shouldRetryQuery } from "./query-client";

describe("retry rules", () => {
  const server = new ApiError(500, "Internal server error");
  it("queries retry twice, never for 401 or permanent client errors", () => {
    expect(shouldRetryQuery(0, server)).toBe(true);
    expect(shouldRetryQuery(1, server)).toBe(true);
    expect(shouldRetryQuery(2, server)).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(401, "Authentication required"))).toBe(false);
    expect(shouldRetryQuery(0, new Error("Unauthorized"))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(422, "Too many steps"))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(429, "Slow down"))).toBe(true);
  });

  it("mutations retry once", () => {
    expect(shouldRetryMutation(0, server)).toBe(true);
    expect(shouldRetryMutation(1, server)).toBe(false);
  });

  it("the current user is not retried for 401, 404, authentication or invalid JSON", () => {
    expect(shouldRetryCurrentUser(0, server)).toBe(true);
    expect(shouldRetryCurrentUser(0, new ApiError(404, "Not found"))).toBe(false);
    expect(shouldRetryCurrentUser(0, new ApiError(200, "Invalid JSON response: <"))).toBe(false);
    expect(shouldRetryCurrentUser(0, new Error("Authentication required"))).toBe(false);
  });
});
