import type { ServerResponse } from "node:http";
import { z } from "zod";
import { sendError, sendJson, wait } from "./http-io";
import type { ScenarioState } from "./scenario-state";
import type { FakeEmbeddings } from "./schemas";

const DEFAULT_DIMENSIONS = 64;
/** OpenAI's own limit on inputs per request. */
const MAX_INPUTS = 2048;

// The request as OpenAI's API takes it: one text, many texts, or token arrays (which the fake reads as their numbers).
const embeddingsRequestSchema = z.object({
  model: z.string().min(1),
  input: z.union([
    z.string().min(1),
    z.array(z.string().min(1)).min(1).max(MAX_INPUTS),
    z.array(z.number().int()).min(1),
    z.array(z.array(z.number().int()).min(1)).min(1).max(MAX_INPUTS),
  ]),
  encoding_format: z.enum(["float", "base64"]).optional(),
  dimensions: z.number().int().min(1).max(4096).optional(),
  user: z.string().optional(),
});

/** FNV-1a of a word: where it lands in the vector. */
function hash(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    h ^= word.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A unit vector from the text's words: each word adds one to its hashed coordinate, so shared words mean similarity. */
export function bagOfWordsVector(text: string, dimensions: number): number[] {
  const vector: number[] = Array.from({ length: dimensions }, () => 0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) vector[hash(word) % dimensions] += 1;
  // A text without words still gets a direction (a real model never answers a zero vector).
  if (!vector.some((value) => value !== 0)) vector.fill(1);
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return vector.map((value) => value / norm);
}

function vectorFor(text: string, settings: FakeEmbeddings, dimensions: number): number[] {
  const lower = text.toLowerCase();
  const scripted = settings.vectors?.find((entry) => lower.includes(entry.inputIncludes.toLowerCase()));
  return scripted ? [...scripted.vector] : bagOfWordsVector(text, dimensions);
}

/** float32 little-endian, base64: what the API sends for `encoding_format: "base64"` (the SDK's default). */
function toBase64(vector: number[]): string {
  const floats = new Float32Array(vector);
  return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString("base64");
}

/** Answers `POST /v1/embeddings` as OpenAI's API does, from the scenario's `embeddings` settings. */
export async function handleEmbeddings(res: ServerResponse, body: unknown, state: ScenarioState): Promise<void> {
  const parsed = embeddingsRequestSchema.safeParse(body);
  if (!parsed.success) {
    const param = parsed.error.issues[0]?.path.join(".") || null;
    return sendError(res, 400, `Invalid request body:\n${z.prettifyError(parsed.error)}`, { param });
  }
  const request = parsed.data;
  const settings = state.embeddingSettings();
  const signal = clientGone(res);
  if (!(await wait(settings.delayMs ?? 0, signal))) return;
  if (settings.fault?.kind === "http") return sendError(res, settings.fault.status, settings.fault.message);
  // The socket stays open, unanswered, until the client gives up or the server closes.
  if (settings.fault?.kind === "hang") return;

  const input = request.input;
  const texts: string[] =
    typeof input === "string"
      ? [input]
      : input.every((item) => typeof item === "number")
        ? [(input as number[]).join(" ")]
        : (input as (string | number[])[]).map((item) => (typeof item === "string" ? item : item.join(" ")));
  const dimensions = request.dimensions ?? settings.dimensions ?? DEFAULT_DIMENSIONS;
  const tokens = texts.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
  sendJson(res, 200, {
    object: "list",
    data: texts.map((text, index) => {
      const vector = vectorFor(text, settings, dimensions);
      return {
        object: "embedding",
        index,
        embedding: request.encoding_format === "base64" ? toBase64(vector) : vector,
      };
    }),
    model: request.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

/** Aborts when the connection closes before the response was finished. */
function clientGone(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
