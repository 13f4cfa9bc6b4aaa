import ipaddr from "ipaddr.js";

/**
 * The bucket a client address is counted in by every per-address limit: an IPv4 address as itself
 * (an IPv4-mapped IPv6 address too), an IPv6 address by its /64 (one subscriber line gets a whole
 * /64, so counting single IPv6 addresses would give one person 2^64 buckets). An unparsable
 * address is counted as written, so it still has a bucket of its own.
 */
export function addressBucket(address: string): string {
  const raw = address.trim();
  if (!ipaddr.isValid(raw)) return raw.toLowerCase() || "unknown";
  const parsed = ipaddr.parse(raw);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
    const parts = v6.parts.slice(0, 4).map((p) => p.toString(16));
    return `${parts.join(":")}::/64`;
  }
  return parsed.toString();
}

/**
 * The `trustProxy` option Fastify is given for TRUST_PROXY. A hop count becomes a function trusting
 * that many hops nearest the API (Fastify itself takes a bare number as "trust nothing", since a
 * count cannot tell a proxy from a client that reaches the API directly: a count is for an API only
 * its proxies can reach). A list of addresses/CIDRs is handed over as it is; none is `false`.
 */
export function trustProxyOption(setting: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === "number") return setting > 0 ? (_address, hop) => hop < setting : false;
  return setting;
}
