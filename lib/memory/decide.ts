import type { Candidate, MemoryDecision, MemoryThresholds } from "./types";

/**
 * Defaults tuned with BM25 alone on bench/memory (47 routines, 5 paraphrases each, 50 uncovered requests):
 * minScore 0.22 is the lowest that answers "none" to at least 80% of the uncovered requests (82%), at the cost of 14%
 * of covered requests; ambiguityMargin 0.03 flags about a fifth of the wrong top-1 answers for about 4% of the right
 * ones. bench/memory/README.md has the full table. An admin retunes them on the calibration screen.
 */
export const DEFAULT_MEMORY_THRESHOLDS: MemoryThresholds = { minScore: 0.22, ambiguityMargin: 0.03 };

/** Weight of the embedding cosine in the hybrid blend when the caller gives none. */
export const DEFAULT_EMBEDDING_WEIGHT = 0.5;

/** A retrieval returns at most this many candidates. */
export const MAX_CANDIDATES = 5;

/**
 * The decision for ranked candidates: "none" when there is no candidate or the best scores below `minScore`;
 * "ambiguous" when the second is within `ambiguityMargin` of the best (and itself above `minScore`); else "match".
 * Pure, so the calibration screen can replay stored retrievals under other thresholds.
 */
export function decide(candidates: readonly Pick<Candidate, "score">[], thresholds: MemoryThresholds): MemoryDecision {
  const [first, second] = candidates;
  if (!first || first.score < thresholds.minScore) return "none";
  if (second && second.score >= thresholds.minScore && first.score - second.score < thresholds.ambiguityMargin) {
    return "ambiguous";
  }
  return "match";
}
