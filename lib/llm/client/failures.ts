import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { findOutboundRefusal } from "../../outbound";
import { retryAfterMs } from "../backoff";
import { LlmError, type LlmErrorCode } from "../errors";

/** The answer arrived but is not a chat completion / models list we can read. */
export class MalformedResponseError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = "MalformedResponseError";
  }
}

/** One failed attempt, classified: whether another attempt may help, and what to tell a person. */
export type AttemptFailure = {
  code: LlmErrorCode;
  retryable: boolean;
  status?: number;
  retryAfterMs?: number;
  /** What went wrong in our own words (a network code, what is missing from an answer); never the server's text. */
  detail?: string;
  /**
   * The endpoint's explanation from an OpenAI-shaped error body (`{"error": {"message": "…"}}`), shortened; may
   * still contain secrets until redacted. Any other body is never read.
   */
  serverMessage?: string;
  cause: unknown;
};

const RETRYABLE_STATUSES = new Set([500, 502, 503, 504]);
const MAX_DETAIL = 300;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_DETAIL ? `${flat.slice(0, MAX_DETAIL)}…` : flat;
}

/**
 * The server's own explanation from an OpenAI-shaped error body, if any. The SDK keeps a JSON body's `error` member
 * as `error.error` (a body that is not JSON, or has no `error` object, gives nothing here), and of that only its
 * `message` string is read.
 */
function serverMessage(error: APIError): string | undefined {
  const body: unknown = error.error;
  const message = body && typeof body === "object" ? (body as { message?: unknown }).message : undefined;
  return typeof message === "string" && message.trim() ? shorten(message) : undefined;
}

const GENERIC_MESSAGES = new Set(["Connection error.", "fetch failed", "terminated"]);

/** The network's reason (ECONNREFUSED, ENOTFOUND, …, else the innermost specific message) for a request that got no answer. */
function connectionDetail(error: unknown): string {
  let current: unknown = error;
  let specific: string | undefined;
  for (let depth = 0; current && depth < 6; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return code;
    const message = current instanceof Error ? current.message : undefined;
    if (message && !GENERIC_MESSAGES.has(message)) specific = message;
    current = (current as { cause?: unknown }).cause;
  }
  return specific ? shorten(specific) : "no answer";
}

/**
 * Sorts a failed attempt. `timedOut` and `aborted` say whether our own per-attempt timer or the caller's signal
 * cancelled it, which the SDK reports alike as an abort.
 */
export function classifyFailure(error: unknown, flags: { timedOut: boolean; aborted: boolean }): AttemptFailure {
  if (flags.aborted) return { code: "aborted", retryable: false, cause: error };
  const refused = findOutboundRefusal(error);
  if (refused)
    return { code: "not_allowed", retryable: false, status: refused.status, detail: refused.message, cause: error };
  if (flags.timedOut || error instanceof APIConnectionTimeoutError)
    return { code: "timeout", retryable: true, cause: error };
  if (error instanceof APIUserAbortError) return { code: "aborted", retryable: false, cause: error };
  if (error instanceof APIConnectionError)
    return { code: "unreachable", retryable: true, detail: connectionDetail(error), cause: error };
  if (error instanceof APIError && typeof error.status === "number") {
    const status = error.status;
    const said = serverMessage(error);
    if (status === 401 || status === 403)
      return { code: "unauthorized", retryable: false, status, serverMessage: said, cause: error };
    if (status === 429)
      return {
        code: "rate_limited",
        retryable: true,
        status,
        serverMessage: said,
        retryAfterMs: retryAfterMs(error.headers),
        cause: error,
      };
    if (status === 408) return { code: "timeout", retryable: true, status, cause: error };
    if (status >= 500)
      return {
        code: "server_error",
        retryable: RETRYABLE_STATUSES.has(status),
        status,
        serverMessage: said,
        retryAfterMs: retryAfterMs(error.headers),
        cause: error,
      };
    return { code: "bad_request", retryable: false, status, serverMessage: said, cause: error };
  }
  if (error instanceof MalformedResponseError)
    return { code: "malformed_response", retryable: false, detail: error.message, cause: error };
  if (error instanceof SyntaxError)
    return { code: "malformed_response", retryable: false, detail: "the body is not valid JSON", cause: error };
  // undici reports a connection cut mid-answer as "TypeError: terminated" (cause ECONNRESET/UND_ERR_SOCKET).
  if (error instanceof TypeError && /terminated|fetch failed|socket/i.test(error.message)) {
    return { code: "unreachable", retryable: true, detail: connectionDetail(error), cause: error };
  }
  return {
    code: "server_error",
    retryable: false,
    detail: error instanceof Error ? shorten(error.message) : shorten(String(error)),
    cause: error,
  };
}

/**
 * Removes the API key (whole, or a recognisable start or end of it, as some servers echo "sk-abc…xyz") and
 * anything shaped like a provider key from text that will reach people or logs.
 */
export function redactSecrets(text: string, apiKey?: string): string {
  let result = text.split(apiKey && apiKey.length >= 4 ? apiKey : "\u0000").join("[redacted]");
  result = result
    .replace(/\b(sk|pk)[-_][A-Za-z0-9*_.-]{4,}/gi, "[redacted]")
    .replace(/Bearer\s+\S+/gi, "Bearer [redacted]");
  if (apiKey && apiKey.length >= 12) {
    for (const part of [apiKey.slice(0, 8), apiKey.slice(-6)]) result = result.split(part).join("[redacted]");
  }
  return result;
}

/** The endpoint as people should see it: no credentials, no query string. */
export function describeEndpoint(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return "the configured base URL";
  }
}

type MessageContext = {
  baseUrl: string;
  model: string;
  timeoutMs: number;
  attempts: number;
  hasApiKey: boolean;
  apiKey?: string;
  waitTooLong?: boolean;
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function messageFor(failure: AttemptFailure, context: MessageContext): string {
  const endpoint = describeEndpoint(context.baseUrl);
  const tries = plural(context.attempts, "attempt");
  const detail = failure.detail ? `: ${failure.detail}` : "";
  const model = context.model ? `"${context.model}"` : "(none set)";
  switch (failure.code) {
    case "unauthorized":
      if (!context.hasApiKey)
        return `The model endpoint ${endpoint} requires an API key (HTTP ${failure.status}) and none is set. Enter one in Settings → Models.`;
      return failure.status === 403
        ? `The model endpoint ${endpoint} refused access (HTTP 403). Check that the API key may use the model ${model}.`
        : `The model endpoint ${endpoint} refused the API key (HTTP 401). Check the API key in Settings → Models.`;
    case "rate_limited":
      return context.waitTooLong && failure.retryAfterMs !== undefined
        ? `The model endpoint ${endpoint} is rate limiting requests (HTTP 429) and asks to wait ${Math.ceil(failure.retryAfterMs / 1000)} s; not retried. Try again later or raise the quota.`
        : `The model endpoint ${endpoint} is rate limiting requests (HTTP 429) and still was after ${tries}. Try again later or raise the quota.`;
    case "server_error":
      return failure.status
        ? `The model endpoint ${endpoint} failed with HTTP ${failure.status} after ${tries}. Check the model server or try again later.`
        : `The call to the model endpoint ${endpoint} failed unexpectedly${detail}.`;
    case "timeout":
      return `The model ${model} at ${endpoint} did not answer within ${Math.round(context.timeoutMs / 1000)} s (${tries}). Raise the timeout in Settings → Models or check the model server.`;
    case "unreachable":
      return `Could not connect to the model endpoint ${endpoint} (${failure.detail ?? "no answer"}) after ${tries}. Check the base URL and that the model server is running.`;
    case "bad_request":
      return failure.status === 404
        ? `The model endpoint ${endpoint} answered 404 Not Found. Check the base URL (it usually ends in /v1) and the model name ${model}.`
        : `The model endpoint ${endpoint} refused the request (HTTP ${failure.status}).`;
    case "not_allowed":
      return failure.status
        ? `The model endpoint ${endpoint} answered with a redirect (HTTP ${failure.status}); redirects are not followed. Check the base URL.`
        : `The model endpoint ${endpoint} was not contacted: ${failure.detail ?? "address not allowed"}. Check the base URL.`;
    case "malformed_response":
      return `The answer from ${endpoint} is not a valid OpenAI-compatible response (${failure.detail ?? "unreadable"}). Check that the base URL points at an OpenAI-compatible API.`;
    case "aborted":
      return "The model call was cancelled.";
    case "not_configured":
      return `The model role is not configured${detail}.`;
  }
}

/**
 * The LlmError for a call that failed for good; its message never contains the API key nor anything the endpoint
 * sent. An OpenAI-shaped explanation goes apart, in `serverMessage`, for admins.
 */
export function toLlmError(failure: AttemptFailure, context: MessageContext): LlmError {
  // No `cause`: SDK errors carry the server's raw body, which may echo part of the key, and causes get logged.
  return new LlmError(failure.code, redactSecrets(messageFor(failure, context), context.apiKey), {
    status: failure.status,
    attempts: context.attempts,
    ...(failure.serverMessage ? { serverMessage: redactSecrets(failure.serverMessage, context.apiKey) } : {}),
  });
}
