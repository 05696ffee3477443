// The page benchmarks' TLS front (tls-front.ts), in a process of its own as a proxy is beside the
// app in production (in the server's process it would take the server's event loop, and the
// server's observed response times with it): `node --import tsx bench/support/tls-front-process.ts
// <upstream URL>`. Prints one JSON line, { address, spki }, once it listens; stops on SIGTERM or
// SIGINT.
import { startTlsFront } from "./tls-front";

const upstream = process.argv[2];
if (!upstream) {
  console.error("usage: tls-front-process.ts <upstream URL>");
  process.exit(2);
}
const front = await startTlsFront(new URL(upstream));
process.stdout.write(`${JSON.stringify({ address: front.address, spki: front.spki })}\n`);
await new Promise<void>((resolve) => {
  process.once("SIGTERM", () => resolve());
  process.once("SIGINT", () => resolve());
});
await front.close();
process.exit(0);
