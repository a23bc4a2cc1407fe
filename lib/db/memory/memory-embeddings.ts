import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { isLlmError, type LlmClient } from "../../llm";
import { documentText, type MemoryDocument, type SearchEmbeddings } from "../../memory";
import { prisma } from "../core";
import { configuredLlmClient } from "../llm";

/** A retrieval waits at most this long for the embedder per request, whatever the role's own timeout says. */
export const EMBED_TIMEOUT_CAP_MS = 10_000;
/** Texts per embeddings request when versions are embedded. */
const BATCH = 64;
/** How model-call log entries of procedure memory are labelled. */
const PURPOSE = "procedure-memory";

/** The embedder's vectors, by the model that made them: vectors of another model are never compared. */
let cached: { model: string; vectors: Map<string, number[]> } = { model: "", vectors: new Map() };

const textHash = (text: string) => createHash("sha256").update(text).digest("hex");

/** Why the embedder failed, as a short clause for the retrieval's notice: never a key, a URL or a server's text. */
function reasonOf(error: unknown): string {
  if (!isLlmError(error)) return "it failed";
  if (error.code === "not_configured") return "its saved API key can no longer be decrypted";
  if (error.code === "timeout") return "it timed out";
  if (error.code === "not_allowed" && error.status === undefined) return "its address is not allowed";
  if (error.status !== undefined) return `it answered HTTP ${error.status}`;
  if (error.code === "unreachable") return "it could not be reached";
  if (error.code === "malformed_response") return "its answer was not a list of embeddings";
  return "it failed";
}

/**
 * The embedder role's client (lib/llm: retries, and every call in the model-call log), or null when no embedder
 * model is configured (retrieval is then keywords only). Capped so a slow embedder cannot hold a retrieval long.
 */
function embedder(): Promise<LlmClient | null> {
  return configuredLlmClient("embedder", {}, {}, { maxTimeoutMs: EMBED_TIMEOUT_CAP_MS, maxRetries: 1 });
}

/**
 * The vectors of the indexed versions for `model`: from this process's cache, else from `routine_embedding` when the
 * stored text hash still matches, else embedded now and stored (each version's text is embedded once per model).
 */
async function versionVectors(docs: MemoryDocument[], client: LlmClient): Promise<Map<string, number[]>> {
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
    const embedded = await client.embed(
      batch.map((doc) => texts.get(doc.versionId)!),
      { purpose: PURPOSE },
    );
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
  let client: LlmClient | null;
  try {
    client = await embedder();
  } catch (error) {
    return { status: "unavailable", reason: reasonOf(error) };
  }
  if (!client) return undefined;
  try {
    const versions = await versionVectors(docs, client);
    const [vector] = await client.embed([request], { purpose: PURPOSE });
    return { status: "ready", request: vector, versions };
  } catch (error) {
    if (!isLlmError(error)) {
      console.error("[memory] the embedder failed:", error instanceof Error ? error.message : error);
    }
    return { status: "unavailable", reason: reasonOf(error) };
  }
}
