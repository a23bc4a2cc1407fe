import { inRange, type IpAddress, type IpRange, parseRange } from "./ip-address";

/**
 * What an address is, as far as outbound requests care. `metadata` and `link-local` are never contacted; the
 * special kinds (`loopback`, `private`, `unspecified`, `special`) only when the deployer allows them.
 */
export type AddressKind = "metadata" | "link-local" | "loopback" | "private" | "unspecified" | "special" | "public";

/** The kinds no setting can allow: cloud metadata services answer there, with the host's credentials. */
export const ALWAYS_REFUSED: ReadonlySet<AddressKind> = new Set(["metadata", "link-local"]);

const range = (text: string): IpRange => {
  const parsed = parseRange(text);
  if (!parsed) throw new Error(`Invalid built-in range ${text}`);
  return parsed;
};

// First match wins, so the narrow metadata addresses come before the ranges that hold them.
const KINDS: ReadonlyArray<readonly [IpRange, AddressKind]> = [
  // AWS, GCP, Azure, Oracle, DigitalOcean, OpenStack; AWS over IPv6; Alibaba; Azure's host agent (WireServer).
  ...["169.254.169.254", "fd00:ec2::254", "100.100.100.200", "168.63.129.16"].map(
    (text) => [range(text), "metadata"] as const,
  ),
  [range("169.254.0.0/16"), "link-local"],
  [range("fe80::/10"), "link-local"],
  [range("127.0.0.0/8"), "loopback"],
  [range("::1"), "loopback"],
  // 0.0.0.0 reaches the host itself on Linux, like loopback.
  [range("0.0.0.0/8"), "unspecified"],
  [range("::"), "unspecified"],
  ...["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "fc00::/7", "fec0::/10"].map(
    (text) => [range(text), "private"] as const,
  ),
  // Protocol assignments, documentation, benchmarking, multicast, reserved and broadcast; IPv6 discard,
  // documentation, IETF assignments (Teredo among them), local NAT64 and multicast.
  ...[
    "192.0.0.0/24",
    "192.0.2.0/24",
    "198.18.0.0/15",
    "198.51.100.0/24",
    "203.0.113.0/24",
    "224.0.0.0/4",
    "240.0.0.0/4",
    "100::/64",
    "2001::/23",
    "2001:db8::/32",
    "3fff::/20",
    "64:ff9b:1::/48",
    "ff00::/8",
  ].map((text) => [range(text), "special"] as const),
];

/**
 * The IPv4 address an IPv6 address routes to through a translator: NAT64 (64:ff9b::/96), 6to4 (2002::/16) or the
 * deprecated IPv4-compatible form (::/96). Null for any other IPv6 address.
 */
function translatedIpv4(ip: IpAddress): { value: bigint; routable: boolean } | null {
  if (ip.family !== 6) return null;
  if (ip.value >> 32n === 0x0064ff9b0000000000000000n) return { value: ip.value & 0xffffffffn, routable: true };
  if (ip.value >> 112n === 0x2002n) return { value: (ip.value >> 80n) & 0xffffffffn, routable: true };
  if (ip.value >> 32n === 0n) return { value: ip.value & 0xffffffffn, routable: false };
  return null;
}

function ownKind(ip: IpAddress): AddressKind {
  return KINDS.find(([candidate]) => inRange(ip, candidate))?.[1] ?? "public";
}

/**
 * Classifies an address (IPv4-mapped IPv6 already folded into IPv4 by parseIp). An IPv6 address that carries an
 * IPv4 address for a translator takes that address's kind, so 64:ff9b::a9fe:a9fe is metadata; one whose IPv4
 * address is public stays public only where a translator routes it (not the deprecated ::a.b.c.d form).
 */
export function addressKind(ip: IpAddress): AddressKind {
  const own = ownKind(ip);
  if (own !== "public") return own;
  const translated = translatedIpv4(ip);
  if (!translated) return own;
  const inner = ownKind({ family: 4, value: translated.value });
  if (inner === "public") return translated.routable ? "public" : "special";
  return ALWAYS_REFUSED.has(inner) ? inner : "special";
}

/** Host names that name a metadata service (they resolve to one of the addresses above, on the cloud's network). */
const METADATA_NAMES = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
]);

/** Whether a host name is a cloud metadata service's (case and a final dot ignored). */
export function isMetadataHostname(hostname: string): boolean {
  return METADATA_NAMES.has(hostname.toLowerCase().replace(/\.$/, ""));
}
