import type { IncomingMessage, ServerResponse } from "node:http";

const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** The error body OpenAI sends: `{ error: { message, type, code, param } }`. */
export type OpenAIErrorBody = { error: { message: string; type: string; code: string | null; param: string | null } };

// The `type` and `code` the real API uses for each status, so a client that branches on them sees the real values.
const ERROR_KINDS: Record<number, { type: string; code: string | null }> = {
  400: { type: "invalid_request_error", code: null },
  401: { type: "invalid_request_error", code: "invalid_api_key" },
  403: { type: "permission_error", code: null },
  404: { type: "invalid_request_error", code: "not_found" },
  413: { type: "invalid_request_error", code: "request_too_large" },
  429: { type: "requests", code: "rate_limit_exceeded" },
  503: { type: "server_error", code: "service_unavailable" },
};

const DEFAULT_MESSAGES: Record<number, string> = {
  400: "Bad request.",
  401: "Incorrect API key provided.",
  403: "You are not allowed to sample from this model.",
  404: "The model does not exist or you do not have access to it.",
  429: "Rate limit reached for requests. Please try again later.",
  500: "The server had an error while processing your request. Sorry about that!",
  502: "Bad gateway.",
  503: "The engine is currently overloaded, please try again later.",
};

/** An OpenAI-shaped error body for a status, with the type and code the real API uses for it. */
export function openAIError(status: number, message?: string, param: string | null = null): OpenAIErrorBody {
  const kind = ERROR_KINDS[status] ?? { type: status >= 500 ? "server_error" : "invalid_request_error", code: null };
  return {
    error: {
      message: message ?? DEFAULT_MESSAGES[status] ?? `HTTP ${status}`,
      type: kind.type,
      code: kind.code,
      param,
    },
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendError(
  res: ServerResponse,
  status: number,
  message?: string,
  options: { param?: string | null; headers?: Record<string, string> } = {},
): void {
  sendJson(res, status, openAIError(status, message, options.param ?? null), options.headers);
}

export type BodyResult = { ok: true; text: string; json: unknown } | { ok: false; status: 400 | 413; message: string };

/** Reads a JSON request body; an empty body reads as `undefined`. */
export async function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES)
      return { ok: false, status: 413, message: `Request body larger than ${MAX_BODY_BYTES} bytes.` };
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return { ok: true, text, json: undefined };
  try {
    return { ok: true, text, json: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, message: "We could not parse the JSON body of your request." };
  }
}

/** Waits `ms`, or less if `signal` aborts (the client went away); resolves false then. */
export function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
