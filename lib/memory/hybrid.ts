/** The inputs of one hybrid ranking: keyword scores and embeddings, both keyed by versionId. */
export type HybridInput = {
  /** Normalized keyword scores, 0–1 (a version missing here scores 0 on keywords). */
  keyword: ReadonlyMap<string, number>;
  /** The request's embedding. */
  request: readonly number[];
  /** Stored embeddings per versionId; versions without one keep their keyword score. */
  versions: ReadonlyMap<string, readonly number[]>;
  /** Weight of the cosine in the blend, 0–1. */
  weight: number;
};

/**
 * Cosine similarity of two vectors, 0 when either is empty, zero, not finite or their lengths differ (an embedding
 * from another model cannot be compared, so it counts as no evidence rather than an error).
 */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  const cosine = dot / Math.sqrt(normA * normB);
  // A stored vector with NaN or infinite entries would poison the ranking's sort: no evidence instead.
  return Number.isFinite(cosine) ? cosine : 0;
}

/**
 * Blends keyword and embedding evidence per version: `(1 - weight) × keyword + weight × max(0, cosine)`, so both
 * sides stay on the 0–1 scale the thresholds use (a negative cosine is no evidence, not negative evidence). Every
 * version that has a keyword score or an embedding gets a score; one without an embedding keeps its keyword score, so
 * a version not yet embedded is not pushed down by the blend. Returns versionId → { score, similarity? }.
 */
export function hybridScores(input: HybridInput): Map<string, { score: number; similarity?: number }> {
  const weight = Math.min(1, Math.max(0, input.weight));
  const result = new Map<string, { score: number; similarity?: number }>();
  const ids = new Set([...input.keyword.keys(), ...input.versions.keys()]);
  for (const id of ids) {
    const keyword = input.keyword.get(id) ?? 0;
    const vector = input.versions.get(id);
    if (!vector) {
      result.set(id, { score: keyword });
      continue;
    }
    const similarity = cosineSimilarity(input.request, vector);
    result.set(id, { score: (1 - weight) * keyword + weight * Math.max(0, similarity), similarity });
  }
  return result;
}
