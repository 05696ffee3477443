import { execFileSync } from "node:child_process";
import { createHash, createPublicKey } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import http2 from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * What members' browsers talk to in production: a TLS terminator (the reverse proxy or load
 * balancer README's TRUST_PROXY is for) speaking HTTP/2, in front of the app's own HTTP/1.1. A page
 * benchmark served plain HTTP/1.1 measures a connection members never get: six connections, each
 * paying its own handshake and a round trip per file, which Lighthouse's simulation models as such.
 * This front is that terminator for a benchmark: HTTP/2 over TLS (HTTP/1.1 too, for clients without
 * it) on a free port of 127.0.0.1, with a throwaway self-signed certificate (`spki`: the browser is
 * told to trust it), passing every request through to `upstream` unchanged but for the hop-by-hop
 * headers. Needs `openssl` (1.1.1 or later) on the PATH.
 */
export async function startTlsFront(
  upstream: URL,
): Promise<{ address: string; spki: string; close(): Promise<void> }> {
  const { key, cert } = selfSignedCertificate();
  // What Chromium's --ignore-certificate-errors-spki-list takes to trust this certificate as if a
  // known authority had issued it: base64 of the SHA-256 of its public key (SubjectPublicKeyInfo).
  const spki = createHash("sha256")
    .update(createPublicKey(cert).export({ type: "spki", format: "der" }))
    .digest("base64");
  const agent = new http.Agent({ keepAlive: true });
  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    const outgoing = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        agent,
        // As a proxy set up for an app does: the Host the browser asked for, and that it came over https.
        headers: {
          ...withoutConnectionHeaders(requestHeaders(req.headers)),
          host: req.headers[":authority"] ?? req.headers.host,
          "x-forwarded-proto": "https",
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, withoutConnectionHeaders(answer.headers));
        answer.pipe(res);
        // An answer cut off upstream is cut off here too, not ended as if it were whole.
        answer.on("aborted", () => res.destroy());
      },
    );
    outgoing.on("error", () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(502);
      res.end();
    });
    // A browser that gave up (a navigation away) stops the request upstream as well.
    res.on("close", () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    req.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    address: `https://127.0.0.1:${port}`,
    spki,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

/** HTTP/2's pseudo-headers (":path") stay with the front; the Host is set from ":authority". */
function requestHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(":") && name !== "host"),
  );
}

/**
 * Headers that describe one HTTP/1.1 connection (hop by hop): HTTP/2 refuses to carry them, and a
 * proxy does not pass a client's on (an HTTP/1.1 client of the front included).
 */
const CONNECTION_HEADERS = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

function withoutConnectionHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CONNECTION_HEADERS.has(name)));
}

/** A P-256 key and a one-day certificate for 127.0.0.1, made with openssl in a folder removed at once. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), "steprace-bench-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
