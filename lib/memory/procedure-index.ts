import MiniSearch, { type SearchResult } from "minisearch";
import { decide, DEFAULT_EMBEDDING_WEIGHT, DEFAULT_MEMORY_THRESHOLDS, MAX_CANDIDATES } from "./decide";
import { hybridScores } from "./hybrid";
import { checkRequest, MemoryRequestError } from "./request";
import {
  BM25,
  FIELD_BOOSTS,
  FIELDS,
  FUZZY_MIN_LENGTH,
  matchedWords,
  normalizedScore,
  queryTerms,
  selfMatchScore,
  type Field,
  type QueryTerm,
} from "./scoring";
import { stems, tokens } from "./text";
import {
  memoryThresholdsSchema,
  type Candidate,
  type MemoryDocument,
  type Retrieval,
  type SearchEmbeddings,
  type SearchOptions,
} from "./types";

type IndexedFields = { id: string } & Record<Field, string>;
type Entry = { doc: MemoryDocument; fields: IndexedFields; terms: Set<string> };
/** A keyword hit; the matched words are worked out only for the few hits that become candidates. */
type KeywordHit = { score: number; result: SearchResult; terms: QueryTerm[] };

const NO_WORDS_NOTICE = "The request has no words to match on: name the task, for example “reset my password”.";

function indexedFields(doc: MemoryDocument): IndexedFields {
  return {
    id: doc.routineId,
    name: doc.name,
    intents: doc.intents.join("\n"),
    description: doc.description,
    steps: doc.steps.map((step) => `${step.name}\n${step.description}`).join("\n"),
    // Tool names are snake_case: the tokenizer splits them into words ("get_leave_balance" → leave, balance).
    tools: doc.tools.join("\n").replace(/[_.-]+/g, " "),
  };
}

/**
 * The searchable index of published routines, one document per routine: `add` with a routine's new version replaces
 * its old one (publish and rollback), `remove` drops it (archive). Changes apply at once, synchronously. Keyword
 * matching is minisearch's BM25+ over stemmed words (stopwords out, one typo allowed in longer words); scores are
 * normalized per request as scoring.ts explains, so the thresholds mean the same for every request.
 */
export class ProcedureIndex {
  private readonly search_ = new MiniSearch<IndexedFields>({
    fields: [...FIELDS],
    tokenize: stems,
    processTerm: (term) => term,
  });
  private readonly entries = new Map<string, Entry>();
  /** Stem → how many indexed routines contain it, in any field: the idf of the request's terms. */
  private readonly frequency = new Map<string, number>();

  /** An index holding `docs` (a later document of the same routine replaces an earlier one). */
  static build(docs: readonly MemoryDocument[]): ProcedureIndex {
    const index = new ProcedureIndex();
    for (const doc of docs) index.add(doc);
    return index;
  }

  /** Adds a routine's document, replacing the one it had (another version). */
  add(doc: MemoryDocument): void {
    this.remove(doc.routineId);
    const fields = indexedFields(doc);
    const terms = new Set(FIELDS.flatMap((field) => stems(fields[field])));
    for (const term of terms) this.frequency.set(term, (this.frequency.get(term) ?? 0) + 1);
    this.search_.add(fields);
    this.entries.set(doc.routineId, { doc, fields, terms });
  }

  /** Removes a routine; true when it was there. */
  remove(routineId: string): boolean {
    const entry = this.entries.get(routineId);
    if (!entry) return false;
    this.search_.remove(entry.fields);
    for (const term of entry.terms) {
      const left = (this.frequency.get(term) ?? 0) - 1;
      if (left > 0) this.frequency.set(term, left);
      else this.frequency.delete(term);
    }
    this.entries.delete(routineId);
    return true;
  }

  /** The document indexed for a routine, if any. */
  get(routineId: string): MemoryDocument | undefined {
    return this.entries.get(routineId)?.doc;
  }

  /** The indexed documents, in no particular order. */
  documents(): MemoryDocument[] {
    return [...this.entries.values()].map((entry) => entry.doc);
  }

  /** How many routines the index holds. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Ranks routines for a request and decides match, ambiguous or none (see `decide`). With `embeddings` ready, the
   * ranking blends keyword scores with cosine similarity (`hybridScores`); with embeddings unavailable it ranks by
   * keywords and says so in `notice`. Throws MemoryRequestError for a request `checkRequest` refuses, and zod's
   * error for thresholds outside their ranges (callers validate an admin's input with memoryThresholdsSchema).
   */
  search(request: string, options: SearchOptions = {}): Retrieval {
    const checked = checkRequest(request);
    if (!checked.ok) throw new MemoryRequestError(checked.message);
    const thresholds = memoryThresholdsSchema.parse(options.thresholds ?? DEFAULT_MEMORY_THRESHOLDS);
    const limit = Math.max(1, Math.min(MAX_CANDIDATES, Math.floor(options.limit ?? MAX_CANDIDATES)));

    const terms = queryTerms(tokens(checked.text), (stem) => this.frequency.get(stem) ?? 0, this.entries.size);
    // minisearch returns hits sorted by BM25+, and the normalized score is monotone in it: the order is kept.
    const hits = new Map<string, KeywordHit>();
    if (terms.length > 0) {
      const results = this.search_.search(terms.map((term) => term.stem).join(" "), {
        tokenize: (text) => text.split(" "),
        processTerm: (term) => term,
        fuzzy: (term) => (term.length >= FUZZY_MIN_LENGTH ? 1 : false),
        boost: FIELD_BOOSTS,
        bm25: BM25,
        combineWith: "OR",
      });
      const selfMatch = selfMatchScore(terms);
      for (const result of results as SearchResult[]) {
        hits.set(result.id as string, { score: normalizedScore(result.score, selfMatch), result, terms });
      }
    }

    const ranked = this.rank(hits, options.embeddings);
    // Embeddings may still find a routine for a request without keywords; only a keyword ranking says it had none.
    const notice = terms.length === 0 && ranked.mode === "bm25" ? NO_WORDS_NOTICE : ranked.notice;
    return {
      decision: decide(ranked.candidates, thresholds),
      candidates: ranked.candidates.slice(0, limit),
      thresholds,
      mode: ranked.mode,
      ...(notice ? { notice } : {}),
    };
  }

  private rank(
    hits: Map<string, KeywordHit>,
    embeddings: SearchEmbeddings | undefined,
  ): { candidates: Candidate[]; mode: Retrieval["mode"]; notice?: string } {
    if (embeddings?.status === "ready") {
      const hybrid = this.rankHybrid(hits, embeddings);
      if (hybrid) return { candidates: hybrid, mode: "hybrid" };
      return {
        candidates: this.rankKeywords(hits),
        mode: "bm25",
        notice: "Matching used keywords only: no published routine has an embedding from the configured model yet.",
      };
    }
    const notice =
      embeddings?.status === "unavailable"
        ? `Matching used keywords only: the embedding model did not answer (${embeddings.reason}).`
        : undefined;
    return { candidates: this.rankKeywords(hits), mode: "bm25", notice };
  }

  private rankKeywords(hits: Map<string, KeywordHit>): Candidate[] {
    const candidates: Candidate[] = [];
    for (const [routineId, hit] of hits) {
      if (candidates.length === MAX_CANDIDATES) break;
      candidates.push(this.candidate(this.entries.get(routineId)!.doc, hit.score, hit));
    }
    return candidates;
  }

  /** The hybrid ranking, or null when no indexed version has a vector comparable with the request's. */
  private rankHybrid(
    hits: Map<string, KeywordHit>,
    embeddings: Extract<SearchEmbeddings, { status: "ready" }>,
  ): Candidate[] | null {
    const keyword = new Map<string, number>();
    const versions = new Map<string, readonly number[]>();
    const byVersion = new Map<string, MemoryDocument>();
    for (const { doc } of this.entries.values()) {
      const vector = embeddings.versions.get(doc.versionId);
      const hit = hits.get(doc.routineId);
      if (vector && vector.length === embeddings.request.length) versions.set(doc.versionId, vector);
      if (hit) keyword.set(doc.versionId, hit.score);
      if (hit || versions.has(doc.versionId)) byVersion.set(doc.versionId, doc);
    }
    if (versions.size === 0 || embeddings.request.length === 0) return null;
    const blended = hybridScores({
      keyword,
      request: embeddings.request,
      versions,
      weight: embeddings.weight ?? DEFAULT_EMBEDDING_WEIGHT,
    });
    const ordered = [...blended.entries()].sort(([, a], [, b]) => b.score - a.score);
    return ordered.slice(0, MAX_CANDIDATES).map(([versionId, { score, similarity }]) => {
      const doc = byVersion.get(versionId)!;
      const candidate = this.candidate(doc, score, hits.get(doc.routineId));
      return similarity === undefined ? candidate : { ...candidate, similarity };
    });
  }

  private candidate(doc: MemoryDocument, score: number, hit: KeywordHit | undefined): Candidate {
    return {
      routineId: doc.routineId,
      versionId: doc.versionId,
      name: doc.name,
      score,
      matched: hit ? matchedWords(hit.result, hit.terms) : [],
      keywordScore: hit?.score ?? 0,
    };
  }
}
