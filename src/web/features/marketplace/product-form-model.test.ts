import { describe, expect, it } from "vitest";
import { PRODUCT_MESSAGES, type Product } from "../../../core/schemas/store";
import { ApiError } from "../../lib/api-client";
import {
  checkProductForm,
  emptyProductForm,
  type ProductFormValues,
  productFormFrom,
  serverFieldErrors,
} from "./product-form-model";

function filled(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return {
    ...emptyProductForm(),
    name: " Cloud Walker ",
    brand: "Stride",
    description: "Soft foam for long walks.",
    price: "129.99",
    imageUrl: "https://example.com/shoe.png",
    affiliateLink: "https://example.com/buy?ref=steprace",
    ...overrides,
  };
}

describe("emptyProductForm", () => {
  it("starts as an active, unfeatured piece of equipment", () => {
    const form = emptyProductForm();
    expect(form.category).toBe("equipment");
    expect(form.active).toBe(true);
    expect(form.featured).toBe(false);
    expect(form.rating).toBe("");
  });
});

describe("checkProductForm", () => {
  it("sends the price as a number, no rating as null and no review count as 0, trimmed", () => {
    expect(checkProductForm(filled())).toEqual({
      ok: true,
      body: {
        name: "Cloud Walker",
        brand: "Stride",
        description: "Soft foam for long walks.",
        price: 129.99,
        imageUrl: "https://example.com/shoe.png",
        affiliateLink: "https://example.com/buy?ref=steprace",
        category: "equipment",
        rating: null,
        reviewCount: 0,
        featured: false,
        active: true,
      },
    });
  });

  it("sends a rating and a review count as numbers", () => {
    const checked = checkProductForm(filled({ rating: "4.5", reviewCount: "128", featured: true }));
    expect(checked.ok && checked.body).toMatchObject({ rating: 4.5, reviewCount: 128, featured: true });
  });

  it("accepts an image served by the app itself", () => {
    expect(checkProductForm(filled({ imageUrl: "/images/shoe.png" })).ok).toBe(true);
  });

  it("gives the server's message for each required field left empty", () => {
    expect(checkProductForm(emptyProductForm())).toEqual({
      ok: false,
      errors: {
        name: PRODUCT_MESSAGES.name,
        brand: PRODUCT_MESSAGES.brand,
        description: PRODUCT_MESSAGES.description,
        price: PRODUCT_MESSAGES.price,
        imageUrl: PRODUCT_MESSAGES.imageUrl,
        affiliateLink: PRODUCT_MESSAGES.affiliateLink,
      },
    });
  });

  it("refuses links that are not web addresses", () => {
    const checked = checkProductForm(filled({ affiliateLink: "not a link", imageUrl: "ftp://x.org/a.png" }));
    expect(checked).toEqual({
      ok: false,
      errors: { affiliateLink: PRODUCT_MESSAGES.affiliateLink, imageUrl: PRODUCT_MESSAGES.imageUrl },
    });
    expect(checkProductForm(filled({ affiliateLink: "/buy" })).ok).toBe(false);
  });

  it.each(["0", "12.345", "-5", "abc", "10000.01"])("refuses the price %s", (price) => {
    expect(checkProductForm(filled({ price }))).toEqual({
      ok: false,
      errors: { price: PRODUCT_MESSAGES.price },
    });
  });

  it.each(["0.5", "5.1", "4.55", "four"])("refuses the rating %s", (rating) => {
    expect(checkProductForm(filled({ rating }))).toEqual({
      ok: false,
      errors: { rating: PRODUCT_MESSAGES.rating },
    });
  });

  it.each(["-1", "2.5", "1e3"])("refuses the review count %s", (reviewCount) => {
    expect(checkProductForm(filled({ reviewCount }))).toEqual({
      ok: false,
      errors: { reviewCount: PRODUCT_MESSAGES.reviewCount },
    });
  });
});

describe("productFormFrom", () => {
  const product: Product = {
    id: 7,
    name: "Cloud Walker",
    brand: "Stride",
    description: "Soft foam.",
    price: "129.90",
    imageUrl: "https://example.com/shoe.png",
    category: "shoes",
    affiliateLink: "https://example.com/buy",
    featured: true,
    rating: 4.5,
    reviewCount: 12,
    active: false,
    createdAt: "2026-11-01T00:00:00Z",
    updatedAt: "2026-11-01T00:00:00Z",
  };

  it("fills the form from a product, and sends it back unchanged", () => {
    const form = productFormFrom(product);
    expect(form).toMatchObject({ price: "129.90", rating: "4.5", reviewCount: "12", category: "shoes" });
    const checked = checkProductForm(form);
    expect(checked.ok && checked.body).toMatchObject({
      price: 129.9,
      rating: 4.5,
      reviewCount: 12,
      featured: true,
      active: false,
      category: "shoes",
    });
  });

  it("shows no rating as an empty field", () => {
    expect(productFormFrom({ ...product, rating: null }).rating).toBe("");
  });
});

describe("serverFieldErrors", () => {
  it("puts a 400's details beside their fields", () => {
    const error = new ApiError(400, PRODUCT_MESSAGES.price, {
      code: "VALIDATION_ERROR",
      body: {
        message: PRODUCT_MESSAGES.price,
        code: "VALIDATION_ERROR",
        details: [
          { path: "price", message: PRODUCT_MESSAGES.price },
          { path: "body", message: "Something else" },
        ],
      },
    });
    expect(serverFieldErrors(error)).toEqual({
      fields: { price: PRODUCT_MESSAGES.price },
      message: PRODUCT_MESSAGES.price,
    });
  });

  it("gives other failures as a message only", () => {
    expect(serverFieldErrors(new ApiError(403, "Admin access required"))).toEqual({
      fields: {},
      message: "Admin access required",
    });
    expect(serverFieldErrors(new Error("Failed to fetch"))).toEqual({
      fields: {},
      message: "Failed to fetch",
    });
  });
});
