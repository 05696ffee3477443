import { describe, expect, it } from "vitest";
import type { Ad } from "../../../core/schemas/ads";
import { ApiError } from "../../lib/api-client";
import { displayTimeZone } from "../../lib/format";
import { zonedInputToIso } from "../../lib/local-datetime";
import {
  AD_TEXT,
  type AdFormValues,
  adFormFrom,
  adRequest,
  CREATE_AD_FAILED,
  checkAdForm,
  createFailureMessage,
  emptyAdForm,
  priorityOf,
} from "./ad-form-model";

const form = (overrides: Partial<AdFormValues> = {}): AdFormValues => ({
  ...emptyAdForm(),
  title: "  Trail Shoes  ",
  content: " Grip for every hill. ",
  ...overrides,
});

const ad: Ad = {
  id: 3,
  title: "Trail Shoes",
  content: "Grip for every hill.",
  imageUrl: null,
  linkUrl: "https://shoes.example/",
  placement: "sidebar",
  priority: 5,
  startDate: "2026-11-24T09:00:00.000Z",
  endDate: null,
  isActive: false,
  viewCount: 10,
  clickCount: 1,
  createdAt: "2026-11-20T09:00:00.000Z",
};

describe("the ad form's body", () => {
  it("starts on the dashboard with priority 0 and nothing else filled in", () => {
    expect(emptyAdForm()).toMatchObject({ placement: "dashboard", priority: "0", title: "", linkUrl: "" });
  });

  it("trims the text and sends empty optional fields as null", () => {
    const body = adRequest(form({ imageUrl: "   ", linkUrl: " shoes.example " }), "create");
    expect(body).toEqual({
      title: "Trail Shoes",
      content: "Grip for every hill.",
      imageUrl: null,
      linkUrl: "shoes.example",
      placement: "dashboard",
      priority: 1,
      startDate: null,
      endDate: null,
    });
  });

  it("turns a falsy priority into 1 on creation only", () => {
    expect(priorityOf("0", "create")).toBe(1);
    expect(priorityOf("", "create")).toBe(1);
    expect(priorityOf(" 7 ", "create")).toBe(7);
    expect(priorityOf("0", "edit")).toBe(0);
    expect(priorityOf("", "edit")).toBe(0);
    expect(priorityOf("abc", "edit")).toBeNaN();
  });

  it("sends datetime-local values as ISO instants in the browser's zone", () => {
    const body = adRequest(form({ startDate: "2026-11-24T09:00", endDate: "2026-12-01T18:30" }), "create");
    expect(body.startDate).toBe(zonedInputToIso("2026-11-24T09:00", displayTimeZone()));
    expect(new Date(body.startDate ?? "").getTime()).toBe(new Date(2026, 10, 24, 9, 0).getTime());
    expect(new Date(body.endDate ?? "").getTime()).toBe(new Date(2026, 11, 1, 18, 30).getTime());
  });

  it("sends isActive only when editing", () => {
    expect(adRequest(form(), "create")).not.toHaveProperty("isActive");
    expect(adRequest(form({ isActive: false }), "edit").isActive).toBe(false);
  });

  it("fills the edit form from an ad, dates back in the browser's zone", () => {
    const values = adFormFrom(ad);
    expect(values).toMatchObject({
      title: "Trail Shoes",
      imageUrl: "",
      linkUrl: "https://shoes.example/",
      placement: "sidebar",
      priority: "5",
      endDate: "",
      isActive: false,
    });
    const back = adRequest(values, "edit");
    expect(new Date(back.startDate ?? "").toISOString()).toBe("2026-11-24T09:00:00.000Z");
  });
});

describe("checking the ad form with the route's schema", () => {
  it("needs a title and content", () => {
    const checked = checkAdForm(form({ title: " ", content: "" }), "create");
    expect(checked).toEqual({
      ok: false,
      errors: { title: "Title is required", content: "Content is required" },
    });
  });

  it("accepts pasted tags and a link without a scheme", () => {
    const checked = checkAdForm(
      form({
        imageUrl: '<img src="https://img.example/a.png" alt="x">',
        linkUrl: '<a href="shoes.example">Go</a>',
      }),
      "create",
    );
    expect(checked.ok).toBe(true);
  });

  it("refuses a priority that is no whole number, and an end before the start", () => {
    const checked = checkAdForm(
      form({ priority: "2.5", startDate: "2026-11-24T09:00", endDate: "2026-11-23T09:00" }),
      "edit",
    );
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors.priority).toBe("Priority must be a whole number from 0 to 1000");
    const window = checkAdForm(form({ startDate: "2026-11-24T09:00", endDate: "2026-11-23T09:00" }), "edit");
    expect(window).toEqual({ ok: false, errors: { endDate: "The end date must be after the start date" } });
  });

  it("refuses a javascript: link", () => {
    const checked = checkAdForm(form({ linkUrl: "javascript:alert(1)" }), "create");
    expect(checked.ok).toBe(false);
  });
});

describe("the manager's messages", () => {
  it("explains a refused creation by its details, its error field, or the default", () => {
    const details = new ApiError(400, "Invalid body", {
      body: {
        message: "Invalid body",
        code: "VALIDATION_ERROR",
        details: [
          { path: "title", message: "Title is required" },
          { path: "content", message: "Content is required" },
        ],
      },
    });
    expect(createFailureMessage(details)).toBe("Validation error: Title is required, Content is required");
    expect(createFailureMessage(new ApiError(500, "x", { body: { error: "Database down" } }))).toBe(
      "Database down",
    );
    expect(createFailureMessage(new Error("offline"))).toBe(CREATE_AD_FAILED);
    expect(CREATE_AD_FAILED).toBe("Failed to create advertisement. Please try again later.");
  });

  it("names the count in bulk results and confirmations", () => {
    expect(AD_TEXT.bulkToggled(1, true)).toBe("1 advertisement activated");
    expect(AD_TEXT.bulkToggled(3, false)).toBe("3 advertisements deactivated");
    expect(AD_TEXT.bulkDeleted(2)).toBe("2 advertisements deleted");
    expect(AD_TEXT.confirmBulkDelete(2)).toBe("Delete 2 advertisements? This cannot be undone.");
    expect(AD_TEXT.confirmDelete("Trail Shoes")).toBe('Delete "Trail Shoes"? This cannot be undone.');
  });
});
