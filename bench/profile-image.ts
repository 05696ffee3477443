// `npm run bench:profile-image`: how long the server takes to handle an avatar upload of nearly
// 5 MB (the limit): a noisy PNG photo, as hard to decode as an image that size gets. Times the
// re-encoding alone (sharp: decode, orient, crop to a 256 px square, WebP) and the whole
// `POST /api/user/profile-image` through the app (multipart parsing, re-encoding, the database
// write) on a scratch PGlite database. Prints one JSON line.
import { rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { toAvatar } from "../src/server/features/members/profile-image.service";
import { buildUser, loginAs } from "../src/server/test/factories";
import { percentile, round } from "./support/stats";

const RUNS = Number(process.env.BENCH_RUNS ?? 10);

async function photoNear5MB(): Promise<Buffer> {
  let side = 1500;
  for (;;) {
    const png = await sharp({
      create: {
        width: side,
        height: side,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const mb = png.length / (1024 * 1024);
    if ((mb > 4.5 && mb < 4.95) || side > 4000) return png;
    side = Math.round(side * Math.sqrt(4.75 / mb));
  }
}

const photo = await photoNear5MB();
const reencode = new Float64Array(RUNS);
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  await toAvatar(photo);
  reencode[i] = performance.now() - start;
}

const dataDir = path.resolve(".tmp", `bench-avatar-${Date.now()}`);
const database = await openDatabase({ kind: "pglite", dataDir });
const upload = new Float64Array(RUNS);
try {
  await migrate(database);
  const config = loadConfig({
    NODE_ENV: "production",
    // Served as in production, on the sandbox payments and gift cards a bench needs.
    ALLOW_SANDBOX_IN_PRODUCTION: "1",
    PUBLIC_URL: "http://127.0.0.1",
    SESSION_SECRET: "bench-secret-bench-secret-0123456789",
  });
  const app = await buildApp({ config, db: database.db, logger: false });
  const session = await loginAs(app, await buildUser(app));
  const boundary = "----bench-boundary";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const res = await app.inject({
      method: "POST",
      url: "/api/user/profile-image",
      headers: { ...session.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    upload[i] = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  }
  await app.close();
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
reencode.sort();
upload.sort();
console.log(
  JSON.stringify({
    benchmark: "POST /api/user/profile-image",
    imageBytes: photo.length,
    runs: RUNS,
    reencodeMs: { p50: percentile(reencode, 0.5), max: round(reencode.at(-1) ?? 0) },
    uploadMs: { p50: percentile(upload, 0.5), max: round(upload.at(-1) ?? 0) },
  }),
);
