import "server-only";
import { createHash } from "node:crypto";
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { z } from "zod";
import { LlmNotConfiguredError, type LlmErrorCode } from "../../llm";
import { documentText, type MemoryDocument, type SearchEmbeddings } from "../../memory";
import { prisma } from "../core";
import { recordLlmCall, resolveLlmConfig } from "../llm";

/** A retrieval waits at most this long for the embedder per request, whatever the role's own timeout says. */
export const EMBED_TIMEOUT_CAP_MS = 10_000;
/** Texts per embeddings request when versions are embedded. */
const BATCH = 64;

const embeddingsAnswer = z.object({
  data: z.array(z.object({ index: z.number().int().nonnegative(), embedding: z.array(z.number()).min(1) })),
});

/** The embedder's vectors, by the model that made them: vectors of another model are never compared. */
let cached: { model: string; vectors: Map<string, number[]> } = { model: "", vectors: new Map() };

const textHash = (text: string) => createHash("sha256").update(text).digest("hex");

/** Why the embedder failed, as a short clause for the retrieval's notice: never a key, a URL or a server's text. */
function reasonOf(error: unknown): string {
  if (error instanceof LlmNotConfiguredError) return "its saved API key can no longer be decrypted";
  if (error instanceof APIConnectionTimeoutError) return "it timed out";
  if (error instanceof APIError && typeof error.status === "number") return `it answered HTTP ${error.status}`;
  if (error instanceof APIConnectionError) return "it could not be reached";
  if (error instanceof z.ZodError || error instanceof MalformedAnswer) return "its answer was not a list of embeddings";
  return "it failed";
}

class MalformedAnswer extends Error {}

/** The model-call log's error code for an embedder failure (lib/llm's codes). */
function codeOf(error: unknown): LlmErrorCode {
  if (error instanceof LlmNotConfiguredError) return "not_configured";
  if (error instanceof APIConnectionTimeoutError) return "timeout";
  if (error instanceof APIError && error.status === 401) return "unauthorized";
  if (error instanceof APIError && error.status === 429) return "rate_limited";
  if (error instanceof APIError && typeof error.status === "number")
    return error.status >= 500 ? "server_error" : "bad_request";
  if (error instanceof APIConnectionError) return "unreachable";
  return "malformed_response";
}

/**
 * Records one embeddings request in the model-call log like every other model call (usage on Settings → Models),
 * without the texts: they are routine text and requests, not an exchange an admin needs to read. Never fails the call.
 */
function recordEmbedding(model: string, startedAt: number, inputTokens: number, error?: unknown): void {
  void recordLlmCall({
    role: "embedder",
    model,
    purpose: "procedure-memory",
    context: {},
    inputTokens,
    outputTokens: 0,
    durationMs: performance.now() - startedAt,
    attempts: 1,
    status: error === undefined ? "ok" : "error",
    ...(error === undefined ? {} : { error: { code: codeOf(error), message: `The embedder ${reasonOf(error)}.` } }),
  }).catch((failure: unknown) =>
    console.error("[memory] could not record an embedder call:", failure instanceof Error ? failure.message : failure),
  );
}

type Embedder = { model: string; embed: (texts: string[]) => Promise<number[][]> };

/** The embedder role's client, or null when no embedder model is configured (retrieval is then keywords only). */
async function embedder(): Promise<Embedder | null> {
  const config = await resolveLlmConfig("embedder");
  if (!config) return null;
  const openai = new OpenAI({
    baseURL: config.baseUrl,
    // As lib/llm's client: the settings decide, never OPENAI_API_KEY / OPENAI_ORG_ID read by the SDK itself.
    apiKey: config.apiKey ?? "",
    organization: null,
    project: null,
    timeout: Math.min(config.timeoutMs, EMBED_TIMEOUT_CAP_MS),
    maxRetries: Math.min(config.maxRetries, 1),
    defaultHeaders: config.apiKey ? undefined : { Authorization: null },
  });
  return {
    model: config.model,
    embed: async (texts) => {
      const startedAt = performance.now();
      try {
        const raw = await openai.embeddings.create({ model: config.model, input: texts, encoding_format: "float" });
        const answer = embeddingsAnswer.parse(raw);
        const vectors: number[][] = [];
        for (const item of answer.data) vectors[item.index] = item.embedding;
        if (vectors.length !== texts.length || vectors.some((vector) => !vector)) throw new MalformedAnswer();
        recordEmbedding(config.model, startedAt, raw.usage?.prompt_tokens ?? 0);
        return vectors;
      } catch (error) {
        recordEmbedding(config.model, startedAt, 0, error);
        throw error;
      }
    },
  };
}

/**
 * The vectors of the indexed versions for `model`: from this process's cache, else from `routine_embedding` when the
 * stored text hash still matches, else embedded now and stored (each version's text is embedded once per model).
 */
async function versionVectors(docs: MemoryDocument[], client: Embedder): Promise<Map<string, number[]>> {
  if (cached.model !== client.model) cached = { model: client.model, vectors: new Map() };
  const { vectors } = cached;
  const missing = docs.filter((doc) => !vectors.has(doc.versionId));
  if (missing.length === 0) return vectors;

  const texts = new Map(missing.map((doc) => [doc.versionId, documentText(doc)]));
  const stored = await prisma.routineEmbedding.findMany({
    where: { model: client.model, versionId: { in: [...texts.keys()] } },
    select: { versionId: true, textHash: true, vector: true },
  });
  for (const row of stored) {
    if (row.textHash !== textHash(texts.get(row.versionId)!)) continue;
    try {
      vectors.set(row.versionId, z.array(z.number()).min(1).parse(JSON.parse(row.vector)));
    } catch {
      // An unreadable stored vector is embedded again below.
    }
  }
  const toEmbed = missing.filter((doc) => !vectors.has(doc.versionId));
  for (let start = 0; start < toEmbed.length; start += BATCH) {
    const batch = toEmbed.slice(start, start + BATCH);
    const embedded = await client.embed(batch.map((doc) => texts.get(doc.versionId)!));
    for (const [i, doc] of batch.entries()) {
      const text = texts.get(doc.versionId)!;
      const data = { textHash: textHash(text), vector: JSON.stringify(embedded[i]) };
      await prisma.routineEmbedding.upsert({
        where: { versionId_model: { versionId: doc.versionId, model: client.model } },
        create: { versionId: doc.versionId, model: client.model, ...data },
        update: data,
      });
      vectors.set(doc.versionId, embedded[i]);
    }
  }
  return vectors;
}

/**
 * The embeddings for one retrieval: undefined when no embedder is configured; `ready` with the request's vector and
 * the indexed versions' vectors; `unavailable` with a reason when the embedder failed or timed out, so the search
 * ranks by keywords and says so.
 */
export async function embeddingsFor(request: string, docs: MemoryDocument[]): Promise<SearchEmbeddings | undefined> {
  let client: Embedder | null;
  try {
    client = await embedder();
  } catch (error) {
    return { status: "unavailable", reason: reasonOf(error) };
  }
  if (!client) return undefined;
  try {
    const versions = await versionVectors(docs, client);
    const [vector] = await client.embed([request]);
    return { status: "ready", request: vector, versions };
  } catch (error) {
    if (!(error instanceof APIError || error instanceof z.ZodError || error instanceof MalformedAnswer)) {
      console.error("[memory] the embedder failed:", error instanceof Error ? error.message : error);
    }
    return { status: "unavailable", reason: reasonOf(error) };
  }
}
