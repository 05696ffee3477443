import { execFileSync } from "node:child_process";
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
 * it) on a free port of 127.0.0.1, with a throwaway self-signed certificate (the browser is told to
 * accept it), passing every request through to `upstream` unchanged.
 */
export async function startTlsFront(upstream: URL): Promise<{ address: string; close(): Promise<void> }> {
  const { key, cert } = selfSignedCertificate();
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
          ...requestHeaders(req.headers),
          host: req.headers[":authority"] ?? req.headers.host,
          "x-forwarded-proto": "https",
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, responseHeaders(answer.headers));
        answer.pipe(res);
      },
    );
    outgoing.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    address: `https://127.0.0.1:${port}`,
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

/** Headers that describe one HTTP/1.1 connection, which HTTP/2 refuses to carry. */
const CONNECTION_HEADERS = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
]);

function responseHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
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
