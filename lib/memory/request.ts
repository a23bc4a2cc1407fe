/** The largest request procedure memory reads, in UTF-8 bytes: a request is a sentence or a paragraph, not a file. */
export const MAX_REQUEST_BYTES = 10_000;
/** And in characters: the longest request a run may start from, so whatever retrieval accepts can also run. */
export const MAX_REQUEST_CHARS = 8_000;

/** A request procedure memory refuses; `message` is a sentence the person who typed it can act on. */
export class MemoryRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MemoryRequestError";
  }
}

/**
 * Checks a request before it is matched: refuses an empty one and one over MAX_REQUEST_BYTES or MAX_REQUEST_CHARS
 * (after trimming), and returns the text
 * trimmed. Never throws.
 */
export function checkRequest(request: string): { ok: true; text: string } | { ok: false; message: string } {
  if (typeof request !== "string") return { ok: false, message: "Describe what you need in a sentence." };
  const bytes = new TextEncoder().encode(request).length;
  if (bytes > MAX_REQUEST_BYTES) {
    const kb = Math.round(MAX_REQUEST_BYTES / 1000);
    return { ok: false, message: `The request is too long: keep it under ${kb} KB, a few sentences at most.` };
  }
  const text = request.trim();
  if (text.length > MAX_REQUEST_CHARS)
    return {
      ok: false,
      message: `The request is too long: keep it under ${MAX_REQUEST_CHARS} characters, a few sentences at most.`,
    };
  if (text.length === 0) return { ok: false, message: "The request is empty: describe what you need in a sentence." };
  return { ok: true, text };
}
