import "server-only";
import { isIP } from "node:net";

/**
 * The header through which better-auth learns the client address we resolved (lib/session/auth.ts lists it as its
 * only address header). Whatever a client sends under this name is removed before better-auth sees the headers.
 */
export const CLIENT_ADDRESS_HEADER = "x-routine-studio-client-address";

/** The throttle bucket of every request whose address cannot be trusted. */
export const UNKNOWN_CLIENT = "unknown";

/** Where a request came from: the address to record (null when unknown) and the bucket the throttle counts in. */
export type ClientAddress = { ip: string | null; bucket: string };

const MAX_HOPS = 10;
let warnedAboutHops = false;

/**
 * TRUSTED_PROXY_HOPS: how many reverse proxies in front of the app each append the address they saw to
 * X-Forwarded-For (0, the default, when clients reach the app directly). A value that is not a whole number from 0
 * to 10 is ignored with a warning, falling back to 0, the setting that trusts no header.
 */
export function trustedProxyHops(value = process.env.TRUSTED_PROXY_HOPS): number {
  if (value === undefined || value.trim() === "") return 0;
  const hops = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (Number.isInteger(hops) && hops <= MAX_HOPS) return hops;
  if (!warnedAboutHops) {
    console.warn(`[auth] TRUSTED_PROXY_HOPS must be a whole number from 0 to ${MAX_HOPS}; ignoring "${value}".`);
    warnedAboutHops = true;
  }
  return 0;
}

/**
 * The client address of a request, as far as the trusted-proxy setting lets us know it.
 *
 * With `hops` = 0 every request is UNKNOWN_CLIENT. Next 16 gives route handlers and server actions no peer address:
 * it only fills X-Forwarded-For with the socket address when the client sent none (`??=` in its base server), so the
 * header holds whatever a client chose and cannot be told apart from the real one. With `hops` = n the address is
 * the n-th entry from the right of X-Forwarded-For, the one the outermost trusted proxy appended; entries to its
 * left are the client's own claims and are never read. IPv6 clients are counted per /64, the block one subscriber
 * usually holds, so rotating through it does not escape the throttle.
 */
export function clientAddress(headers: Headers, hops = trustedProxyHops()): ClientAddress {
  if (hops <= 0) return { ip: null, bucket: UNKNOWN_CLIENT };
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than proxies: the request did not come through all of them, so no entry is vouched for.
  if (entries.length < hops) return { ip: null, bucket: UNKNOWN_CLIENT };
  const ip = normalizeAddress(entries[entries.length - hops]!);
  if (!ip) return { ip: null, bucket: UNKNOWN_CLIENT };
  return { ip, bucket: isIP(ip) === 6 ? ipv6Block(ip) : ip };
}

/** The address alone, lower-cased, without a port, brackets or IPv4-in-IPv6 mapping; null when it is not one. */
function normalizeAddress(entry: string): string | null {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  const address = (bracketed?.[1] ?? withPort?.[1] ?? entry).toLowerCase();
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return null;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  return address;
}

/** The /64 block of an IPv6 address, e.g. "2001:db8:0:1::/64". */
function ipv6Block(address: string): string {
  const head = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16));
  return `${head.join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (a zone index dropped, an IPv4 tail folded into two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.split("%")[0]!;
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left, right] = text.split("::") as [string, string | undefined];
  const head = left ? left.split(":") : [];
  const rest = right ? right.split(":") : [];
  const zeros = right === undefined ? [] : Array<string>(8 - head.length - rest.length).fill("0");
  return [...head, ...zeros, ...rest].map((group) => Number.parseInt(group, 16));
}
