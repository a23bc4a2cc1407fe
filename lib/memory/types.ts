import { z } from "zod";

/** What procedure memory knows about one published routine version: the text a request is matched against. */
export type MemoryDocument = {
  routineId: string;
  versionId: string;
  name: string;
  description: string;
  /** Example requests the routine serves. */
  intents: string[];
  steps: { name: string; description: string }[];
  /** Tool names the routine calls (without their server). */
  tools: string[];
};

/**
 * When a retrieval is a match. `minScore`: below it the best candidate is "none". `ambiguityMargin`: when the top two
 * scores are closer than this, the answer is "ambiguous". Both are on the 0–1 scale of `Candidate.score`.
 */
export type MemoryThresholds = { minScore: number; ambiguityMargin: number };

/** The admin's calibration input, checked wherever thresholds enter from outside (settings, forms). */
export const memoryThresholdsSchema = z.object({
  minScore: z.number().min(0, "The minimum score is between 0 and 1.").max(1, "The minimum score is between 0 and 1."),
  ambiguityMargin: z
    .number()
    .min(0, "The ambiguity margin is between 0 and 0.5.")
    .max(0.5, "The ambiguity margin is between 0 and 0.5."),
});

/** One ranked routine. `score` is on a 0–1 scale that means the same for every request (see scoring.ts). */
export type Candidate = {
  routineId: string;
  versionId: string;
  name: string;
  /** The score the decision uses: the keyword score alone, or the blend in hybrid mode. */
  score: number;
  /** The request's terms that matched this routine (as the request wrote them, lowercased). */
  matched: string[];
  /** The normalized keyword (BM25) score, 0–1. */
  keywordScore: number;
  /** Cosine similarity of request and version embeddings, in hybrid mode only. */
  similarity?: number;
};

export type MemoryDecision = "match" | "ambiguous" | "none";

export type Retrieval = {
  decision: MemoryDecision;
  /** Ranked best first, at most `MAX_CANDIDATES`. */
  candidates: Candidate[];
  thresholds: MemoryThresholds;
  mode: "bm25" | "hybrid";
  /** A sentence for the user when retrieval ran degraded (an embedder that is down). */
  notice?: string;
};

/**
 * Embeddings for one search. `ready`: the request's vector and the stored vectors per versionId (versions without a
 * vector fall back to their keyword score). `unavailable`: the embedder failed; the search ranks by keywords alone
 * and says so in `Retrieval.notice`.
 */
export type SearchEmbeddings =
  | {
      status: "ready";
      request: readonly number[];
      versions: ReadonlyMap<string, readonly number[]>;
      /** Weight of the cosine in the blend, 0–1; DEFAULT_EMBEDDING_WEIGHT when absent. */
      weight?: number;
    }
  | { status: "unavailable"; reason: string };

export type SearchOptions = {
  thresholds?: MemoryThresholds;
  embeddings?: SearchEmbeddings;
  /** How many candidates to return, 1–MAX_CANDIDATES (default MAX_CANDIDATES). */
  limit?: number;
};
