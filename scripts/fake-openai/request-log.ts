import type { IncomingHttpHeaders } from "node:http";

/** One request to the fake's `/v1` API as it arrived. */
export type RecordedRequest = {
  method: string;
  /** Path without the query string, e.g. "/v1/chat/completions". */
  path: string;
  /** Lower-case names; `authorization` is never recorded. */
  headers: Record<string, string>;
  /** The parsed JSON body; the raw text when it is not JSON; null when empty. */
  body: unknown;
  /** The id of the rule that answered (`#<index>` for a rule without one); null when none did. */
  ruleId: string | null;
  /** The gate of the rule's `hold`, set when the request reaches it (after any delayMs), open or not. */
  heldBy?: string;
  /** ISO 8601 time of arrival. */
  at: string;
};

// A demo server can run for days; the oldest entries go first.
const MAX_ENTRIES = 2_000;

export class RequestLog {
  private entries: RecordedRequest[] = [];

  record(method: string, path: string, headers: IncomingHttpHeaders, body: unknown): RecordedRequest {
    const entry: RecordedRequest = {
      method,
      path,
      headers: withoutSecrets(headers),
      body,
      ruleId: null,
      at: new Date().toISOString(),
    };
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    return entry;
  }

  /** Copies, so a test cannot change what a later assertion reads. */
  list(): RecordedRequest[] {
    return structuredClone(this.entries);
  }

  clear(): void {
    this.entries = [];
  }
}

function withoutSecrets(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name === "authorization" || name === "proxy-authorization" || value === undefined) continue;
    kept[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return kept;
}
