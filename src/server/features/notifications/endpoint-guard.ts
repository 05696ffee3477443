import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/*
 * A push subscription names a URL the server will POST to. Without these checks a member could
 * make the server call into its own network (its database, a cloud metadata service): only https
 * endpoints on public addresses are accepted, checked when subscribing and again, on the very
 * addresses the connection uses, when sending.
 */

const refused = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  refused.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo and the like)
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique-local (AWS metadata fd00:ec2::254 among them)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routed inside some networks)
  ["ff00::", 8], // multicast
  ["64:ff9b:1::", 48], // local-use NAT64
] as const) {
  refused.addSubnet(net, prefix, "ipv6");
}

/** The IPv4 address an IPv6 address carries (NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = lower.match(/^(?:64:ff9b::|::ffff:|::)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) return dotted[1];
  const groups = expandIpv6(lower);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) {
    return v4(groups[6], groups[7]);
  }
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
  return null;
}

function expandIpv6(address: string): number[] | null {
  if (address.includes(".")) return null;
  const [head, tail] = address.split("::");
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const h = part(head);
  const t = part(tail);
  const fill = address.includes("::") ? 8 - h.length - t.length : 0;
  const all = [...h, ...Array(fill).fill(0), ...t];
  return all.length === 8 && all.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? all : null;
}

/** True for an address a push may be sent to: not loopback, private, link-local, CGNAT, metadata ... */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !refused.check(address, "ipv4");
  if (family !== 6) return false;
  const bare = address.replace(/%.*$/, "");
  if (refused.check(bare, "ipv6")) return false;
  const inner = embeddedIpv4(bare);
  return inner === null || !refused.check(inner, "ipv4");
}

export class EndpointRefused extends Error {}

/** The policy of one server: tests (PUSH_ALLOW_PRIVATE_ENDPOINTS=1) may use http and local addresses. */
export type EndpointPolicy = { allowPrivate: boolean };

/** Checks the URL's form (https, no credentials, a host): throws EndpointRefused with the reason. */
export function checkEndpointUrl(endpoint: string, policy: EndpointPolicy): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new EndpointRefused("The push endpoint is not a valid URL");
  }
  const schemes = policy.allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) throw new EndpointRefused("The push endpoint must be an https URL");
  if (url.username || url.password) throw new EndpointRefused("The push endpoint must not carry credentials");
  return url;
}

/** Resolves every address of the host and refuses the endpoint if any is not public. */
export async function checkEndpoint(endpoint: string, policy: EndpointPolicy): Promise<void> {
  const url = checkEndpointUrl(endpoint, policy);
  if (policy.allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((a) => a.address),
        () => {
          throw new EndpointRefused("The push endpoint's host cannot be resolved");
        },
      );
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw new EndpointRefused("The push endpoint must be on a public address");
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that answers only public addresses, so the connection goes to an
 * address that was checked (a host that resolves elsewhere by the time of sending is refused).
 */
export function guardedLookup(policy: EndpointPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    lookup(hostname, { all: true, verbatim: true }).then(
      (found) => {
        const usable = policy.allowPrivate ? found : found.filter((a) => isPublicAddress(a.address));
        if (usable.length === 0 || (!policy.allowPrivate && usable.length !== found.length)) {
          const err: NodeJS.ErrnoException = new EndpointRefused(
            `The push endpoint ${hostname} does not resolve to public addresses only`,
          );
          err.code = "EPUSHREFUSED";
          callback(err, []);
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, []),
    );
  };
}
