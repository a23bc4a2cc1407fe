import { lookup } from "node:dns/promises";
import { isMetadataHostname } from "./address-kind";
import { type IpAddress, parseIp } from "./ip-address";
import { judgeAddress, type OutboundPolicy, type RefusedKind } from "./policy";

/** A resolved address of a host name, as `dns.lookup` gives it. */
export type ResolvedAddress = { address: string; family: number };

/** Resolves a host name to all its addresses; tests inject one to play DNS rebinding without touching DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system's resolver (getaddrinfo: /etc/hosts, then DNS), all addresses in the order it gives them. */
export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** A host's addresses that may be contacted, or why none may; `literal` when the host was an address itself. */
export type HostVerdict =
  { allowed: true; addresses: IpAddress[] } | { allowed: false; kind: RefusedKind; always: boolean; literal: boolean };

/**
 * Judges a host about to be contacted on `port`: a metadata service's name is refused, an address literal (any
 * encoding, brackets optional) is judged as it is, and a name is resolved and keeps only the addresses the policy
 * allows. A name with none left is refused for the gravest kind among them (link-local and metadata first).
 * Rejects with the resolver's error when the name does not resolve.
 */
export async function judgeHost(
  hostname: string,
  port: number,
  policy: OutboundPolicy,
  resolve: Resolver = systemResolver,
): Promise<HostVerdict> {
  if (isMetadataHostname(hostname)) return { allowed: false, kind: "metadata", always: true, literal: false };
  const literal = parseIp(hostname);
  if (literal) {
    const verdict = judgeAddress(literal, port, policy);
    return verdict.allowed ? { allowed: true, addresses: [literal] } : { ...verdict, literal: true };
  }
  const refusals: { kind: RefusedKind; always: boolean }[] = [];
  const addresses: IpAddress[] = [];
  for (const resolved of await resolve(hostname)) {
    const ip = parseIp(resolved.address);
    if (!ip) continue;
    const verdict = judgeAddress(ip, port, policy);
    if (verdict.allowed) addresses.push(ip);
    else refusals.push(verdict);
  }
  if (addresses.length > 0) return { allowed: true, addresses };
  const gravest = refusals.find((refusal) => refusal.always) ?? refusals[0];
  if (!gravest) throw Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" });
  return { allowed: false, kind: gravest.kind, always: gravest.always, literal: false };
}
