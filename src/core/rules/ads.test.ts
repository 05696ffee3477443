import { describe, expect, it } from "vitest";
import { clickThroughRate, nextAdIndex, normaliseAdLink, reduceHtmlTag } from "./ads";

describe("reduceHtmlTag", () => {
  it("takes the src of a pasted <img> and the href of a pasted <a>", () => {
    expect(reduceHtmlTag('<img src="https://cdn.example.com/a.png" alt="Shoes">', "img")).toBe(
      "https://cdn.example.com/a.png",
    );
    expect(reduceHtmlTag("<IMG class='x' SRC='https://e.com/b.jpg'/>", "img")).toBe("https://e.com/b.jpg");
    expect(
      reduceHtmlTag('<a target="_blank" href="https://shop.example.com/?a=1&amp;b=2">Buy</a>', "a"),
    ).toBe("https://shop.example.com/?a=1&b=2");
    expect(reduceHtmlTag("<a href=shop.example.com>Buy</a>", "a")).toBe("shop.example.com");
  });

  it("keeps plain text trimmed, and answers null for blank or a tag without the attribute", () => {
    expect(reduceHtmlTag("  https://e.com/c.png  ", "img")).toBe("https://e.com/c.png");
    expect(reduceHtmlTag("   ", "img")).toBeNull();
    expect(reduceHtmlTag(null, "a")).toBeNull();
    expect(reduceHtmlTag('<img alt="no source">', "img")).toBeNull();
    // An <a> pasted into the image field is not an image tag: kept as text (and refused as a URL later).
    expect(reduceHtmlTag('<a href="https://e.com">x</a>', "img")).toBe('<a href="https://e.com">x</a>');
  });
});

describe("normaliseAdLink", () => {
  it("puts https:// in front of a link without a scheme", () => {
    expect(normaliseAdLink("shop.example.com/shoes")).toBe("https://shop.example.com/shoes");
    expect(normaliseAdLink("  www.example.com ")).toBe("https://www.example.com/");
    expect(normaliseAdLink("example.com:8080/x")).toBe("https://example.com:8080/x");
  });

  it("keeps http and https links", () => {
    expect(normaliseAdLink("http://example.com/a?b=1")).toBe("http://example.com/a?b=1");
    expect(normaliseAdLink("HTTPS://Example.com")).toBe("https://example.com/");
  });

  it("refuses other schemes and what is no address", () => {
    expect(normaliseAdLink("javascript:alert(1)")).toBeNull();
    expect(normaliseAdLink("data:text/html,hi")).toBeNull();
    expect(normaliseAdLink("mailto:a@example.com")).toBeNull();
    expect(normaliseAdLink("not a link")).toBeNull();
    expect(normaliseAdLink("")).toBeNull();
    expect(normaliseAdLink(null)).toBeNull();
  });
});

describe("nextAdIndex", () => {
  it("walks the ads in order and wraps around to the first", () => {
    const seen = [0];
    for (let i = 0; i < 6; i++) seen.push(nextAdIndex(seen[seen.length - 1], 3));
    expect(seen).toEqual([0, 1, 2, 0, 1, 2, 0]);
    expect(nextAdIndex(0, 1)).toBe(0);
    expect(nextAdIndex(0, 0)).toBe(0);
  });
});

describe("clickThroughRate", () => {
  it("is clicks per view in percent with one decimal", () => {
    expect(clickThroughRate(0, 0)).toBe("0.0%");
    expect(clickThroughRate(5, 200)).toBe("2.5%");
    expect(clickThroughRate(1, 3)).toBe("33.3%");
    expect(clickThroughRate(2, 3)).toBe("66.7%");
    expect(clickThroughRate(3, 3)).toBe("100.0%");
    expect(clickThroughRate(0, 10)).toBe("0.0%");
    // Half a tenth rounds up: 1 of 2,000 is 0.05%.
    expect(clickThroughRate(1, 2000)).toBe("0.1%");
    expect(clickThroughRate(1, 2001)).toBe("0.0%");
  });
});
