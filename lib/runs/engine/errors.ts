/** Longest error text kept on a step run or an event. */
const MAX_ERROR = 2_000;

/**
 * A thrown value as one line for an operator. Anything shaped like a credential (a bearer token, an sk- key) is
 * masked: an error from a tool or a library may quote a header it was given.
 */
export function errorMessage(error: unknown): string {
  const text =
    error instanceof Error
      ? error.message
      : typeof error === "string"
        ? error
        : (JSON.stringify(error) ?? String(error));
  const masked = text
    .replace(/Bearer\s+\S+/gi, "Bearer [redacted]")
    .replace(/\b(sk|pk|rk)[-_][A-Za-z0-9_-]{8,}/g, "[redacted]");
  return masked.length > MAX_ERROR ? `${masked.slice(0, MAX_ERROR)}…` : masked;
}
