import { addressKind, ALWAYS_REFUSED, type AddressKind } from "./address-kind";
import { inRange, type IpAddress, type IpRange, parseRange } from "./ip-address";

/** The deployer's setting that opens special address ranges to outbound requests. */
export const ALLOWED_NETWORKS_VARIABLE = "OUTBOUND_ALLOWED_NETWORKS";

/** One entry of the setting: a range, and the one port it is open on (null: every port). */
export type AllowedNetwork = { range: IpRange; port: number | null };

/** The setting as read: the entries that parsed, and a sentence per entry that did not or that allows nothing. */
export type OutboundPolicy = { allowed: readonly AllowedNetwork[]; problems: readonly string[] };

export type RefusedKind = Exclude<AddressKind, "public">;

/** Whether one address may be contacted on one port, and if not, what it is and whether any setting could allow it. */
export type AddressVerdict = { allowed: true } | { allowed: false; kind: RefusedKind; always: boolean };

const KIND_LABELS: Record<RefusedKind, string> = {
  metadata: "cloud metadata",
  "link-local": "link-local",
  loopback: "loopback",
  private: "private",
  unspecified: "unspecified",
  special: "special-purpose",
};

/** `address not allowed: link-local`: the short reason errors carry. */
export function refusalReason(kind: RefusedKind): string {
  return `address not allowed: ${KIND_LABELS[kind]}`;
}

function parsePort(text: string | undefined): number | null | undefined {
  if (text === undefined) return null;
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : undefined;
}

/**
 * One entry: `10.0.0.0/8`, `127.0.0.1:3001`, `10.1.0.0/16:8443`, `::1`, `fc00::/7` (a bare IPv6 address takes no
 * port), `[::1]:8080`, `[fd00::/8]:8080` or `[fd00::]/8:8080`. Undefined when it is none of those.
 */
function parseEntry(text: string): AllowedNetwork | undefined {
  const bracketed = /^\[([^\]]+)\](\/\d+)?(?::([^:]+))?$/.exec(text);
  let rangeText: string;
  let portText: string | undefined;
  if (bracketed) {
    rangeText = bracketed[1]! + (bracketed[2] ?? "");
    portText = bracketed[3];
  } else if (text.split(":").length > 2) {
    rangeText = text;
  } else {
    [rangeText, portText] = text.split(":") as [string, string | undefined];
  }
  const range = parseRange(rangeText);
  const port = parsePort(portText);
  return range && port !== undefined ? { range, port } : undefined;
}

/**
 * Reads `OUTBOUND_ALLOWED_NETWORKS`: comma-separated entries, each an address or CIDR range with an optional port
 * (see parseEntry). Entries that do not parse are reported and ignored: the setting only ever opens ranges, so a
 * typo leaves them closed.
 */
export function parseAllowedNetworks(text: string | undefined): OutboundPolicy {
  const allowed: AllowedNetwork[] = [];
  const problems: string[] = [];
  for (const raw of (text ?? "").split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const network = parseEntry(entry);
    if (!network) {
      problems.push(
        `"${entry}" is not an address or CIDR range with an optional port (10.0.0.0/8, 127.0.0.1:3001, [::1]:8080); it is ignored.`,
      );
      continue;
    }
    if (ALWAYS_REFUSED.has(addressKind(network.range)))
      problems.push(`"${entry}" holds link-local or cloud metadata addresses, which stay refused whatever it says.`);
    allowed.push(network);
  }
  return { allowed, problems };
}

/**
 * Judges one address about to be contacted on `port`. Public addresses pass; link-local and metadata addresses never
 * do, whatever the setting lists; loopback, private, unspecified and other special addresses pass only when an entry
 * of the setting holds the address (and names this port, or none).
 */
export function judgeAddress(ip: IpAddress, port: number, policy: OutboundPolicy): AddressVerdict {
  const kind = addressKind(ip);
  if (kind === "public") return { allowed: true };
  if (ALWAYS_REFUSED.has(kind)) return { allowed: false, kind, always: true };
  const open = policy.allowed.some(
    (network) => inRange(ip, network.range) && (network.port === null || network.port === port),
  );
  return open ? { allowed: true } : { allowed: false, kind, always: false };
}

let cached: { text: string; policy: OutboundPolicy } | null = null;

/**
 * The policy in effect, read from the environment on each call (so a test or a deployer's change applies at once)
 * and parsed once per distinct value; each problem with the setting is logged once.
 */
export function configuredOutboundPolicy(env: Record<string, string | undefined> = process.env): OutboundPolicy {
  const text = env[ALLOWED_NETWORKS_VARIABLE] ?? "";
  if (cached?.text === text) return cached.policy;
  const policy = parseAllowedNetworks(text);
  for (const problem of policy.problems) console.error(`[outbound] ${ALLOWED_NETWORKS_VARIABLE}: ${problem}`);
  cached = { text, policy };
  return policy;
}
