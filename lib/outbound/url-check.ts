import { isMetadataHostname } from "./address-kind";
import { ALLOWED_NETWORKS_VARIABLE, configuredOutboundPolicy, type OutboundPolicy, type RefusedKind } from "./policy";
import { judgeHost, type Resolver, systemResolver } from "./resolve";

/** Whether a URL's host may be contacted; a refusal carries a sentence for the field that holds the URL. */
export type UrlCheck = { allowed: true } | { allowed: false; kind: RefusedKind; message: string };

/** How long a save waits for DNS before leaving the judgement to the connection (which checks again anyway). */
const RESOLVE_TIMEOUT_MS = 5_000;

const PLURALS: Record<RefusedKind, string> = {
  metadata: "cloud metadata addresses",
  "link-local": "link-local addresses (169.254.0.0/16, fe80::/10, where cloud metadata services answer)",
  loopback: "loopback addresses (this machine)",
  private: "private network addresses",
  unspecified: "unspecified addresses (0.0.0.0, ::)",
  special: "special-purpose addresses",
};

function refusalMessage(host: string, kind: RefusedKind, always: boolean, literal: boolean): string {
  const subject = isMetadataHostname(host) ? `"${host}" is a cloud metadata service's name` : null;
  const what = literal ? `${host} is one of the ${PLURALS[kind]}` : `"${host}" resolves only to ${PLURALS[kind]}`;
  const rule = always
    ? "The app never connects to those."
    : `The app connects to those only when the deployer allows them in ${ALLOWED_NETWORKS_VARIABLE}.`;
  return `${subject ?? what}. ${rule}`;
}

/** The port a URL connects to: its own, else the scheme's. */
export function portOf(url: URL): number {
  return Number(url.port) || (url.protocol === "https:" ? 443 : 80);
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("DNS timed out"), { code: "ETIMEOUT" })), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks, before anything is saved or sent, that a tool server's or model endpoint's URL does not point where
 * outbound requests may not go: a refused address literal, a metadata service's name, or a name that resolves only
 * to refused addresses. A name that does not resolve (yet) passes: every connection is checked again when made.
 * Makes no request; resolves the name once.
 */
export async function checkOutboundUrl(
  url: string,
  options: { policy?: OutboundPolicy; resolve?: Resolver } = {},
): Promise<UrlCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { allowed: true }; // Not a URL: the caller's schema says so.
  }
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  const resolve = options.resolve ?? systemResolver;
  let verdict;
  try {
    verdict = await withTimeout(
      judgeHost(host, portOf(parsed), options.policy ?? configuredOutboundPolicy(), resolve),
      RESOLVE_TIMEOUT_MS,
    );
  } catch {
    return { allowed: true };
  }
  if (verdict.allowed) return { allowed: true };
  return {
    allowed: false,
    kind: verdict.kind,
    message: refusalMessage(host, verdict.kind, verdict.always, verdict.literal),
  };
}
