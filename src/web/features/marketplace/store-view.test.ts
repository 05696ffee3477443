import { describe, expect, it } from "vitest";
import type { Product } from "../../../core/schemas/store";
import {
  ALL_CATEGORIES,
  CATEGORY_FILTERS,
  categoryLabel,
  matchesSearch,
  ratingStars,
  reviewsLabel,
  splitProducts,
} from "./store-view";

function product(id: number, overrides: Partial<Product> = {}): Product {
  return {
    id,
    name: `Product ${id}`,
    brand: "Acme",
    description: "Gear for walkers.",
    price: "19.99",
    imageUrl: "https://example.com/p.png",
    category: "equipment",
    affiliateLink: "https://example.com/buy",
    featured: false,
    rating: null,
    reviewCount: 0,
    active: true,
    createdAt: "2026-11-01T00:00:00Z",
    updatedAt: "2026-11-01T00:00:00Z",
    ...overrides,
  };
}

const ids = (list: Product[]) => list.map((p) => p.id);

describe("splitProducts", () => {
  it("puts featured products in their section and the rest in Other Products, in order", () => {
    const items = [product(1), product(2, { featured: true }), product(3), product(4, { featured: true })];
    const sections = splitProducts(items, "", ALL_CATEGORIES);
    expect(ids(sections.featured)).toEqual([2, 4]);
    expect(ids(sections.others)).toEqual([1, 3]);
    expect(sections.total).toBe(4);
  });

  it("shows at most 3 featured products; the extras go to Other Products so none disappears", () => {
    const items = [1, 2, 3, 4, 5].map((id) => product(id, { featured: true }));
    const sections = splitProducts([...items, product(6)], "", ALL_CATEGORIES);
    expect(ids(sections.featured)).toEqual([1, 2, 3]);
    expect(ids(sections.others)).toEqual([4, 5, 6]);
  });

  it("applies the limit after filtering: a filtered-out featured product leaves room for another", () => {
    const items = [
      product(1, { featured: true, category: "shoes" }),
      product(2, { featured: true }),
      product(3, { featured: true }),
      product(4, { featured: true }),
    ];
    expect(ids(splitProducts(items, "", "equipment").featured)).toEqual([2, 3, 4]);
  });

  it("filters by category and by search together", () => {
    const items = [
      product(1, { category: "shoes", name: "Trail Runner" }),
      product(2, { category: "shoes", name: "Road Racer" }),
      product(3, { category: "clothing", name: "Trail Jacket" }),
    ];
    const sections = splitProducts(items, "trail", "shoes");
    expect(ids([...sections.featured, ...sections.others])).toEqual([1]);
    expect(sections.total).toBe(3);
  });

  it("sells only active products (an admin's list holds inactive ones too)", () => {
    const items = [product(1, { active: false, featured: true }), product(2), product(3, { active: false })];
    expect(splitProducts(items, "", ALL_CATEGORIES)).toEqual({ featured: [], others: [items[1]], total: 1 });
    expect(splitProducts([product(4, { active: false })], "", ALL_CATEGORIES).total).toBe(0);
  });

  it("leaves both sections empty when the filters hide everything, and counts the list", () => {
    const sections = splitProducts([product(1)], "nothing like it", ALL_CATEGORIES);
    expect(sections).toEqual({ featured: [], others: [], total: 1 });
    expect(splitProducts([], "", ALL_CATEGORIES)).toEqual({ featured: [], others: [], total: 0 });
  });
});

describe("matchesSearch", () => {
  const p = product(1, { name: "Cloud Walker", brand: "Stride", description: "Soft foam for long walks." });

  it("matches name, brand and description, ignoring case and outer spaces", () => {
    expect(matchesSearch(p, "cloud")).toBe(true);
    expect(matchesSearch(p, " STRIDE ")).toBe(true);
    expect(matchesSearch(p, "foam")).toBe(true);
    expect(matchesSearch(p, "")).toBe(true);
    expect(matchesSearch(p, "kettlebell")).toBe(false);
  });

  it("does not match the category or the price", () => {
    expect(matchesSearch(p, "equipment")).toBe(false);
    expect(matchesSearch(p, "19.99")).toBe(false);
  });
});

describe("categories", () => {
  it("offers All and the five categories with their labels", () => {
    expect(CATEGORY_FILTERS.map((c) => c.label)).toEqual([
      "All",
      "Athletic Shoes",
      "Activewear",
      "Equipment",
      "Supplements",
      "Accessories",
    ]);
  });

  it("labels known categories and capitalises unknown ones", () => {
    expect(categoryLabel("shoes")).toBe("Athletic Shoes");
    expect(categoryLabel("clothing")).toBe("Activewear");
    expect(categoryLabel("gadgets")).toBe("Gadgets");
  });
});

describe("ratingStars", () => {
  it("fills stars to the nearest half", () => {
    expect(ratingStars(4.5)).toEqual(["full", "full", "full", "full", "half"]);
    expect(ratingStars(4.2)).toEqual(["full", "full", "full", "full", "empty"]);
    expect(ratingStars(4.3)).toEqual(["full", "full", "full", "full", "half"]);
    expect(ratingStars(1)).toEqual(["full", "empty", "empty", "empty", "empty"]);
    expect(ratingStars(5)).toEqual(["full", "full", "full", "full", "full"]);
  });
});

describe("reviewsLabel", () => {
  it("counts reviews", () => {
    expect(reviewsLabel(128)).toBe("(128 reviews)");
    expect(reviewsLabel(1250)).toBe("(1,250 reviews)");
    expect(reviewsLabel(1)).toBe("(1 review)");
    expect(reviewsLabel(0)).toBe("(0 reviews)");
  });
});
