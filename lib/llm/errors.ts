import type { LlmRole } from "./roles";

export const LLM_ERROR_CODES = [
  "not_configured",
  "unauthorized",
  "rate_limited",
  "server_error",
  "timeout",
  "unreachable",
  "bad_request",
  "malformed_response",
  "aborted",
  "not_allowed",
] as const;
export type LlmErrorCode = (typeof LLM_ERROR_CODES)[number];

/**
 * A model call that failed for good (after any retries). The message is written for a person (what failed and
 * what to check), never contains the API key, and carries nothing the endpoint sent: it reaches authors (the
 * planner) and operators (a run's step), and the endpoint may be any server an admin typed in.
 */
export class LlmError extends Error {
  readonly code: LlmErrorCode;
  /** HTTP status of the last answer, when there was one. */
  readonly status?: number;
  /** How many requests were sent before giving up (0 when none could be). */
  readonly attempts: number;
  /**
   * The endpoint's own explanation, when it answered an OpenAI-shaped error (`{"error": {"message": …}}`): shortened,
   * the key redacted. For admins only (the connection test, the model call log), never in `message`.
   */
  readonly serverMessage?: string;
  constructor(
    code: LlmErrorCode,
    message: string,
    options: { status?: number; attempts?: number; cause?: unknown; serverMessage?: string } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "LlmError";
    this.code = code;
    this.status = options.status;
    this.attempts = options.attempts ?? 0;
    this.serverMessage = options.serverMessage;
  }
}

/** A role has no endpoint or model: the message says what an admin must set. */
export class LlmNotConfiguredError extends LlmError {
  readonly role: LlmRole;
  constructor(role: LlmRole, message: string) {
    super("not_configured", message);
    this.name = "LlmNotConfiguredError";
    this.role = role;
  }
}

/** True for an LlmError, also across module copies (server bundles can hold two). */
export function isLlmError(error: unknown): error is LlmError {
  return (
    error instanceof LlmError ||
    (error instanceof Error && (error.name === "LlmError" || error.name === "LlmNotConfiguredError") && "code" in error)
  );
}
