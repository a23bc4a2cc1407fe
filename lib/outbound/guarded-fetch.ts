import type { Agent, buildConnector, RequestInit as UndiciRequestInit } from "undici";
import { fetchByRequest, sendableByRequest } from "./fetch-by-request";
import { formatIp, type IpAddress } from "./ip-address";
import { configuredOutboundPolicy, type OutboundPolicy, refusalReason } from "./policy";
import { judgeHost, type Resolver, systemResolver } from "./resolve";

/**
 * A request the outbound policy stopped: an address it refuses (found when connecting, after DNS), or a redirect,
 * which is never followed. `message` is the short reason ("address not allowed: link-local", "HTTP 302 redirect;
 * redirects are not followed"): it names no address and carries nothing the remote end sent.
 */
export class OutboundRefusedError extends Error {
  readonly code = "ERR_OUTBOUND_REFUSED";
  /** The redirect's status, for a refused redirect. */
  readonly status?: number;

  constructor(reason: string, options: { status?: number } = {}) {
    super(reason);
    this.name = "OutboundRefusedError";
    this.status = options.status;
  }
}

/** The OutboundRefusedError behind an error (fetch wraps connection errors in `TypeError: fetch failed`), or null. */
export function findOutboundRefusal(error: unknown): OutboundRefusedError | null {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth += 1) {
    if (current instanceof OutboundRefusedError) return current;
    // A second copy of this module (server bundles can hold two) makes another class: match the shape too.
    if (current instanceof Error && current.name === "OutboundRefusedError") return current as OutboundRefusedError;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

type Connector = buildConnector.connector;
type Undici = typeof import("undici");

// Loaded on the first request: processes that never call out (migrations, a seed without tool servers) skip it.
let undici: Promise<Undici> | null = null;
const loadUndici = (): Promise<Undici> => (undici ??= import("undici"));

/**
 * undici's connector behind the policy: each new connection judges its host first, after resolving it, and connects
 * to the very addresses it judged (in turn, until one answers), so a name that resolves elsewhere at connect time
 * than at save time (DNS rebinding) is caught here. The host name is kept for TLS (SNI and certificate checks).
 */
function guardedConnector(lib: Undici, policy: OutboundPolicy, resolve: Resolver): Connector {
  const connect = lib.buildConnector({});
  return (options, callback) => {
    const port = Number(options.port) || (options.protocol === "https:" ? 443 : 80);
    const tryFrom = (addresses: IpAddress[], index: number) =>
      connect({ ...options, hostname: formatIp(addresses[index]!) }, (error, socket) => {
        if (error && index + 1 < addresses.length) tryFrom(addresses, index + 1);
        else if (error) callback(error, null);
        else callback(null, socket!);
      });
    judgeHost(options.hostname.replace(/^\[(.*)\]$/, "$1"), port, policy, resolve).then(
      (verdict) => {
        if (verdict.allowed) tryFrom(verdict.addresses, 0);
        else callback(new OutboundRefusedError(refusalReason(verdict.kind)), null);
      },
      (error: Error) => callback(error, null),
    );
  };
}

export type GuardedFetchOptions = {
  /** The policy in effect; read before each request. Default: OUTBOUND_ALLOWED_NETWORKS. */
  policy?: () => OutboundPolicy;
  /** Default: the system resolver. */
  resolve?: Resolver;
};

/**
 * A `fetch` for requests to servers an admin configured (tool servers, model endpoints): every connection is
 * checked by the outbound policy after DNS resolution, and a 3xx answer is an OutboundRefusedError, never followed
 * (a redirect could lead to an address the save-time check never saw). Refusals reject like network errors, so
 * callers see `TypeError: fetch failed` with the OutboundRefusedError as its cause (findOutboundRefusal).
 * Takes a URL (string or URL) and an init, as the MCP and OpenAI SDKs call it.
 */
export function createGuardedFetch(options: GuardedFetchOptions = {}): typeof fetch {
  const policyOf = options.policy ?? (() => configuredOutboundPolicy());
  const resolve = options.resolve ?? systemResolver;
  // One connection pool per policy: when the setting changes, kept-alive connections judged under the old one are
  // not reused (they close once their requests end).
  let current: { policy: OutboundPolicy; agent: Agent } | null = null;
  const agentFor = (lib: Undici, policy: OutboundPolicy): Agent => {
    if (current?.policy === policy) return current.agent;
    void current?.agent.close().catch(() => undefined);
    current = { policy, agent: new lib.Agent({ connect: guardedConnector(lib, policy, resolve) }) };
    return current.agent;
  };

  const guarded = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (typeof input !== "string" && !(input instanceof URL))
      throw new TypeError("The guarded fetch takes a URL and an init, not a Request.");
    const lib = await loadUndici();
    const dispatcher = agentFor(lib, policyOf());
    const response = sendableByRequest(init?.body)
      ? await fetchByRequest(lib, dispatcher, input, init)
      : ((await lib.fetch(input, {
          ...(init as UndiciRequestInit | undefined),
          dispatcher,
          redirect: "manual",
        })) as unknown as Response);
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new OutboundRefusedError(`HTTP ${response.status} redirect; redirects are not followed`, {
        status: response.status,
      });
    }
    return response;
  };
  return guarded as typeof fetch;
}

const holder = globalThis as typeof globalThis & { __routineStudioGuardedFetch?: typeof fetch };

/** The process-wide guarded fetch (one connection pool), for the tool gateway and the model client. */
export const guardedFetch: typeof fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
  holder.__routineStudioGuardedFetch ??= createGuardedFetch();
  return holder.__routineStudioGuardedFetch(input, init);
}) as typeof fetch;
