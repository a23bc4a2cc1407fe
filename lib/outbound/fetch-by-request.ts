import { getMaxListeners, setMaxListeners } from "node:events";
import { STATUS_CODES } from "node:http";
import { pipeline, Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { Dispatcher } from "undici";

type Undici = typeof import("undici");

/**
 * A `fetch` for the bodies our callers send (none, text, bytes) over undici's `request()` on the guarded pool, with
 * the answer wrapped in a standard `Response`. Why: the MCP SDK makes one fetch per tool call, and undici's `fetch`
 * costs about a millisecond of CPU a call (spec bookkeeping, a web stream per body, an abort listener per request
 * left on the transport's shared signal until garbage collection): the largest share of a worker's CPU per step
 * (decision 0049). `request()` does the same HTTP exchange on the same connections for a fraction of that.
 *
 * It behaves as fetch does where callers can tell: failures reject with `TypeError: fetch failed` and the cause, an
 * abort rejects with the signal's reason, text bodies default to `text/plain;charset=UTF-8`, `accept` and
 * `user-agent` default as fetch's do, a compressed answer is decoded. Event streams stay streams; other bodies are
 * read whole before the promise resolves (every caller reads them whole anyway). No redirect is followed (the
 * guarded fetch refuses them).
 */
export async function fetchByRequest(
  lib: Undici,
  dispatcher: Dispatcher,
  url: string | URL,
  init: RequestInit = {},
): Promise<Response> {
  const signal = init.signal ?? undefined;
  // As fetch does: many requests share one signal (the MCP transport's), each adding a listener while it lasts.
  if (signal && getMaxListeners(signal) < SHARED_SIGNAL_LISTENERS) setMaxListeners(SHARED_SIGNAL_LISTENERS, signal);
  const method = (init.method ?? "GET").toUpperCase();
  let answer: Dispatcher.ResponseData;
  try {
    answer = await lib.request(url, {
      method: method as Dispatcher.HttpMethod,
      headers: requestHeaders(init.headers, init.body),
      body: init.body as string | Uint8Array | null | undefined,
      signal,
      dispatcher,
    });
  } catch (error) {
    throw asFetchFailure(error, signal);
  }
  const status = answer.statusCode;
  // Pairs, not a Headers: the Response builds its own from them (building one here too would cost twice).
  const meta = { status, statusText: STATUS_CODES[status] ?? "", headers: headerPairs(answer.headers) };
  const header = (name: string) => [answer.headers[name]].flat()[0] ?? null;
  if (method === "HEAD" || NO_BODY.has(status)) {
    await answer.body.dump();
    return new Response(null, meta);
  }
  try {
    const body = decoded(answer.body, header("content-encoding"));
    if (/^text\/event-stream\b/i.test(header("content-type") ?? "")) {
      return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, meta);
    }
    const bytes = body === answer.body ? Buffer.from(await answer.body.arrayBuffer()) : await readAll(body);
    return new Response(bytes as Uint8Array<ArrayBuffer>, meta);
  } catch (error) {
    answer.body.destroy();
    throw asFetchFailure(error, signal);
  }
}

/** Whether `fetchByRequest` sends this body as fetch would (anything else goes through fetch itself). */
export function sendableByRequest(body: RequestInit["body"]): boolean {
  return body === undefined || body === null || typeof body === "string" || body instanceof Uint8Array;
}

/** The listeners a shared signal may hold before Node warns of a leak: undici's fetch sets the same. */
const SHARED_SIGNAL_LISTENERS = 1500;

/** Statuses whose response carries no body (the Response constructor refuses one). */
const NO_BODY = new Set([204, 205, 304]);

function requestHeaders(given: HeadersInit | undefined, body: RequestInit["body"]): Record<string, string> {
  const headers = new Headers(given);
  if (!headers.has("accept")) headers.set("accept", "*/*");
  if (!headers.has("user-agent")) headers.set("user-agent", "node");
  if (typeof body === "string" && !headers.has("content-type")) headers.set("content-type", "text/plain;charset=UTF-8");
  return Object.fromEntries(headers);
}

function headerPairs(raw: Record<string, string | string[] | undefined>): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const item of value) pairs.push([name, item]);
    else if (value !== undefined) pairs.push([name, value]);
  }
  return pairs;
}

function decoded(body: Readable, encoding: string | null): Readable {
  const decoder = decoderFor(encoding?.trim().toLowerCase());
  // pipeline: an error on either side ends both (a corrupt answer must not leave the connection's body hanging);
  // the error itself reaches whoever reads the decoder.
  return decoder ? pipeline(body, decoder, () => undefined) : body;
}

function decoderFor(encoding: string | undefined) {
  if (encoding === "gzip" || encoding === "x-gzip") return createGunzip();
  if (encoding === "deflate") return createInflate();
  if (encoding === "br") return createBrotliDecompress();
  return null;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What fetch rejects with: the signal's reason for an abort, else `TypeError: fetch failed` with the cause. */
function asFetchFailure(error: unknown, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted) return signal.reason;
  return new TypeError("fetch failed", { cause: error });
}
