import type { SearchResult } from "minisearch";

/** The fields of a memory document as the index holds them. */
export const FIELDS = ["name", "intents", "description", "steps", "tools"] as const;
export type Field = (typeof FIELDS)[number];

/**
 * minisearch's field boosts: a routine's name, example requests and description speak for the whole routine, a step
 * or a tool for a part of it. Tuned on bench/memory (the figures barely move between 0.5 and 1 for steps and tools).
 */
export const FIELD_BOOSTS: Record<Field, number> = { name: 1, intents: 1, description: 0.9, steps: 0.7, tools: 0.7 };

/** BM25+ parameters (minisearch's defaults, which did as well as any other on bench/memory). */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;

/** Stems shorter than this match exactly only: one edit turns "pay" into "day". Longer ones allow one typo. */
export const FUZZY_MIN_LENGTH = 5;

/** One term of the request: its stem, the word as written, and its idf over the indexed routines. */
export type QueryTerm = { stem: string; word: string; idf: number };

/** Inverse document frequency as BM25 computes it, over `total` documents of which `frequency` contain the term. */
export function idf(frequency: number, total: number): number {
  return Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5));
}

/**
 * A request is matched on at most this many distinct terms. Each term walks posting lists (and a fuzzy lookup), so a
 * 10 KB request of library words took close to a second at 10,000 routines; a real request has a dozen terms.
 */
export const MAX_QUERY_TERMS = 32;

/**
 * The request's distinct terms with their idf (a term no routine contains gets the highest). Beyond MAX_QUERY_TERMS,
 * the most informative (highest idf) are kept, in the request's order.
 */
export function queryTerms(
  words: readonly { word: string; stem: string }[],
  frequencyOf: (stem: string) => number,
  total: number,
): QueryTerm[] {
  const seen = new Map<string, QueryTerm>();
  for (const { word, stem } of words) {
    if (!seen.has(stem)) seen.set(stem, { stem, word, idf: idf(frequencyOf(stem), total) });
  }
  const terms = [...seen.values()];
  if (terms.length <= MAX_QUERY_TERMS) return terms;
  const kept = new Set([...terms].sort((a, b) => b.idf - a.idf).slice(0, MAX_QUERY_TERMS));
  return terms.filter((term) => kept.has(term));
}

/**
 * The BM25+ score of the request's self-match: what minisearch would give a routine that holds every request term
 * once, in its name, at average length. Each term then scores idf × (d + 1), and minisearch multiplies a document's
 * sum by the number of request terms it matched, here all of them.
 */
export function selfMatchScore(terms: readonly QueryTerm[]): number {
  const sum = terms.reduce((total, term) => total + term.idf * (BM25.d + 1) * FIELD_BOOSTS.name, 0);
  return sum * terms.length;
}

/**
 * A routine's keyword score on the 0–1 scale the thresholds use: its BM25+ score relative to the request's
 * self-match (`ratio`), saturated as ratio / (1 + ratio). So 0.5 means "as good as a routine whose name is the
 * request", a routine matching only a few of the request's words in its steps scores near 0, and one matching every
 * word in several fields approaches 1. Dividing by the self-match removes what makes raw BM25 incomparable across
 * requests (their length and the rarity of their words); the saturation keeps the scale bounded. Monotone in BM25,
 * so the ranking is BM25's.
 */
export function normalizedScore(raw: number, selfMatch: number): number {
  if (!(selfMatch > 0) || !(raw > 0)) return 0;
  const ratio = raw / selfMatch;
  return ratio / (1 + ratio);
}

/** True when `a` and `b` are at most one edit (insertion, deletion, substitution) apart. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * The request's words that a minisearch hit matched, as the request wrote them: exact matches, and terms one edit
 * from a document term minisearch found by fuzzy search.
 */
export function matchedWords(result: Pick<SearchResult, "match">, terms: readonly QueryTerm[]): string[] {
  const docTerms = Object.keys(result.match);
  return terms
    .filter((term) =>
      docTerms.some(
        (docTerm) =>
          docTerm === term.stem || (term.stem.length >= FUZZY_MIN_LENGTH && withinOneEdit(term.stem, docTerm)),
      ),
    )
    .map((term) => term.word);
}
