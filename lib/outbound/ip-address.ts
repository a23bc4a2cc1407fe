/** An IP address as a number: 32 bits for IPv4, 128 for IPv6. */
export type IpAddress = { family: 4 | 6; value: bigint };

/** A range of addresses: the first `prefix` bits of `value`. */
export type IpRange = IpAddress & { prefix: number };

const BITS = { 4: 32, 6: 128 } as const;

/** One part of an IPv4 literal as inet_aton reads it: decimal, octal with a leading 0, or hex with 0x. */
function ipv4Part(text: string): bigint | null {
  if (/^0x[0-9a-f]*$/i.test(text)) return text.length === 2 ? 0n : BigInt(text);
  if (/^0[0-7]+$/.test(text)) return BigInt(`0o${text.slice(1)}`);
  if (/^(0|[1-9][0-9]*)$/.test(text)) return BigInt(text);
  return null;
}

/**
 * Parses an IPv4 literal in every form the C library's inet_aton accepts, as some resolvers and HTTP clients do:
 * `127.0.0.1`, `2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`. The last part fills the bytes the others left.
 */
export function parseIpv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length > 4 || parts.some((part) => part === "")) return null;
  const numbers = parts.map(ipv4Part);
  if (numbers.some((number) => number === null)) return null;
  const values = numbers as bigint[];
  const leading = values.slice(0, -1);
  if (leading.some((value) => value > 255n)) return null;
  const lastBits = BigInt(8 * (5 - values.length));
  const last = values.at(-1)!;
  if (last >= 1n << lastBits) return null;
  return leading.reduce((sum, value, index) => sum | (value << BigInt(8 * (3 - index))), 0n) | last;
}

/** Parses an IPv6 literal (with `::`, an embedded dotted IPv4 tail, and a `%zone` that is ignored). */
export function parseIpv6(text: string): bigint | null {
  const address = text.replace(/%[^%]*$/, "");
  if (!/^[0-9a-f:.]+$/i.test(address) || address.split("::").length > 2) return null;
  const groups: bigint[] = [];
  const readGroups = (part: string): bigint[] | null => {
    if (part === "") return [];
    const out: bigint[] = [];
    const pieces = part.split(":");
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && piece.includes(".")) {
        if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(piece)) return null;
        const v4 = parseIpv4(piece);
        if (v4 === null) return null;
        out.push(v4 >> 16n, v4 & 0xffffn);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
        out.push(BigInt(`0x${piece}`));
      } else {
        return null;
      }
    }
    return out;
  };
  const [head, tail] = address.split("::") as [string, string | undefined];
  const before = readGroups(head);
  const after = tail === undefined ? [] : readGroups(tail);
  if (!before || !after) return null;
  if (tail === undefined) {
    if (before.length !== 8) return null;
    groups.push(...before);
  } else {
    const missing = 8 - before.length - after.length;
    if (missing < 1) return null;
    groups.push(...before, ...Array<bigint>(missing).fill(0n), ...after);
  }
  return groups.reduce((sum, group) => (sum << 16n) | group, 0n);
}

/** An IPv4 address in ::ffff:0:0/96 (IPv4-mapped) or ::ffff:0:0:0/96 (IPv4-translated): the IPv4 address it is. */
function unwrapIpv4(value: bigint): bigint | null {
  const high = value >> 32n;
  return high === 0xffffn || high === 0xffff0000n ? value & 0xffffffffn : null;
}

/**
 * Parses an IP literal, IPv4 in any encoding or IPv6 with or without brackets, and normalises it: an IPv4-mapped
 * IPv6 address (`::ffff:127.0.0.1`) is the IPv4 address it carries, since connecting to one reaches the other.
 * Null for anything else (a host name).
 */
export function parseIp(text: string): IpAddress | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (bare.includes(":")) {
    const value = parseIpv6(bare);
    if (value === null) return null;
    const v4 = unwrapIpv4(value);
    return v4 === null ? { family: 6, value } : { family: 4, value: v4 };
  }
  const value = parseIpv4(bare);
  return value === null ? null : { family: 4, value };
}

/** `127.0.0.1`, `::1`, `fd00:ec2::254`: the usual text of an address (IPv6 compressed, lower case, no brackets). */
export function formatIp(ip: IpAddress): string {
  if (ip.family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((ip.value >> shift) & 255n)).join(".");
  const groups = [...Array(8).keys()].map((index) => (ip.value >> BigInt(16 * (7 - index))) & 0xffffn);
  let best = { start: -1, length: 0 };
  for (let start = 0; start < 8;) {
    let end = start;
    while (end < 8 && groups[end] === 0n) end += 1;
    if (end - start > best.length && end - start > 1) best = { start, length: end - start };
    start = end === start ? start + 1 : end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.start < 0) return hex.join(":");
  return `${hex.slice(0, best.start).join(":")}::${hex.slice(best.start + best.length).join(":")}`;
}

/** Parses `10.0.0.0/8`, `fc00::/7` or a bare address (a range of one). Host bits set under the prefix are refused. */
export function parseRange(text: string): IpRange | null {
  const [address, prefixText, extra] = text.split("/");
  if (extra !== undefined || address === undefined) return null;
  const ip = parseIp(address);
  if (!ip) return null;
  const mapped = ip.family === 4 && address.includes(":");
  const bits = BITS[ip.family];
  if (prefixText === undefined) return { ...ip, prefix: bits };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  // A mapped range (::ffff:10.0.0.0/104) counts its prefix over 128 bits; it is the IPv4 range /8.
  const prefix = Number(prefixText) - (mapped ? 96 : 0);
  if (prefix < 0 || prefix > bits) return null;
  const hostBits = BigInt(bits - prefix);
  if ((ip.value & ((1n << hostBits) - 1n)) !== 0n) return null;
  return { ...ip, prefix };
}

/** Whether `ip` lies in `range` (same family; IPv4-mapped addresses are IPv4 here). */
export function inRange(ip: IpAddress, range: IpRange): boolean {
  if (ip.family !== range.family) return false;
  const shift = BigInt(BITS[ip.family] - range.prefix);
  return ip.value >> shift === range.value >> shift;
}
