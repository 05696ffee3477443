import { describe, expect, it } from "vitest";
import { describeUserAgent } from "./user-agent";

describe("a sign-in's device and browser, as a person names them", () => {
  it.each([
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "iPhone",
      "Safari",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
      "Android phone",
      "Chrome",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
      "Android phone",
      "Samsung Internet",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
      "Windows PC",
      "Edge",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0", "Mac", "Firefox"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1",
      "iPhone",
      "Chrome",
    ],
  ])("%s", (ua, device, browser) => {
    expect(describeUserAgent(ua)).toEqual({ device, browser });
  });

  it("says it does not know rather than guessing", () => {
    expect(describeUserAgent(null)).toEqual({ device: "Unknown device", browser: "Unknown browser" });
    expect(describeUserAgent("curl/8.5.0")).toEqual({ device: "Unknown device", browser: "Unknown browser" });
  });
});
