import { createHash } from "node:crypto";
import { isIP } from "node:net";

/**
 * The part of a client's address a limit counts: an IPv4 address whole, an IPv6 address by its
 * /64 network. One IPv6 host is usually given a whole /64 and can pick any address in it, so a
 * per-address count would let it start afresh with every request (RFC 6177: a /64 is one
 * subscriber's smallest allotment). An IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function limitedAddress(ip: string): string {
  const bare = ip.split("%")[0]!; // a zone id (fe80::1%eth0) names the interface, not the host
  if (isIP(bare) !== 6) return bare;
  const groups = expandIpv6(bare);
  if (groups === null) return bare;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** A limiter's key for a client address: a digest, so no store holds an address in clear. */
export function addressKey(ip: string): string {
  return digest(limitedAddress(ip));
}

export function digest(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

/** The eight 16-bit groups of a valid IPv6 address (an IPv4 tail becomes the last two). */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const left = head === "" ? [] : head.split(":");
  const right = rest === undefined || rest === "" ? [] : rest.split(":");
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill("0"), ...right];
  return groups.map((group) => Number.parseInt(group, 16));
}
