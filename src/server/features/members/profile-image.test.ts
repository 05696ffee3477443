import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildUser, DEVICE, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = "----steprace-test-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe("profile images", () => {
  const t = useTestApp();

  const upload = (s: Session | undefined, body: ReturnType<typeof multipart>) =>
    t().app.inject({
      method: "POST",
      url: "/api/user/profile-image",
      headers: { ...(s?.headers ?? DEVICE), "content-type": body.contentType },
      payload: body.payload,
    });

  it("re-encodes an uploaded PNG to a square WebP served from a content-named, long-cached URL", async () => {
    const user = await buildUser(t().app);
    const session = await loginAs(t().app, user);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer();
    const res = await upload(session, multipart("profileImage", "me.png", "image/png", png));
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().profileImageUrl as string;
    expect(url).toMatch(new RegExp(`^/api/user/profile-image/${user.id}/[0-9a-f]{20}\\.webp$`));
    const image = await t().app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(
      (await t().app.inject({ url: "/api/auth/user", headers: session.headers })).json().profileImageUrl,
    ).toBe(url);

    // A new image gets a new URL; the old one is gone.
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#e76f51" } })
      .jpeg()
      .toBuffer();
    const second = await upload(session, multipart("profileImage", "me.jpg", "image/jpeg", jpeg));
    expect(second.json().profileImageUrl).not.toBe(url);
    expect((await t().app.inject({ url })).statusCode).toBe(404);
  });

  it("takes a photo of several megabytes (above the 1 MB limit of JSON bodies)", async () => {
    const session = await loginAs(t().app, await buildUser(t().app));
    const photo = await sharp({
      create: {
        width: 1400,
        height: 1000,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(photo.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(session, multipart("profileImage", "photo.png", "image/png", photo));
    expect(res.statusCode, res.body).toBe(200);
  });

  it("refuses a renamed text file (400), a file over 5 MB (413), and anonymous uploads (401)", async () => {
    const session = await loginAs(t().app, await buildUser(t().app));
    const text = await upload(
      session,
      multipart("profileImage", "cat.png", "image/png", Buffer.from("just some text, not a picture")),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe("Please select an image file.");
    const big = await upload(
      session,
      multipart("profileImage", "big.png", "image/png", Buffer.alloc(5 * 1024 * 1024 + 10, 1)),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe("Please select an image smaller than 5MB.");
    const wrongField = await upload(session, multipart("avatar", "a.png", "image/png", Buffer.from("x")));
    expect(wrongField.statusCode).toBe(400);
    const anonymous = await upload(
      undefined,
      multipart("profileImage", "a.png", "image/png", Buffer.from("x")),
    );
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await t().app.inject({ url: "/api/user/profile-image/1/0123456789abcdef0123.webp" })).statusCode,
    ).toBe(404);
    expect((await t().app.inject({ url: "/api/user/profile-image/1/evil.webp" })).statusCode).toBe(400);
  });
});
