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
