import { DEFAULT_MEMORY_THRESHOLDS } from "./decide";
import { ProcedureIndex } from "./procedure-index";
import { checkRequest } from "./request";
import { memoryThresholdsSchema, type Candidate, type MemoryDocument, type MemoryThresholds } from "./types";

/** A routine in a clash: the version whose document was indexed. */
export type ClashRoutine = { routineId: string; versionId: string; name: string };

/**
 * How an intent of one routine lands on another: `outranks` when the other routine scores above the intent's own
 * routine (or is the top answer while its own routine is not among the candidates at all); `ambiguous` when the other
 * scores within the ambiguity margin below it, so retrieval would answer "ambiguous" between the two.
 */
export type ClashKind = "outranks" | "ambiguous";

/** One intent (example request) of `from` that retrieves `to`, with both routines' scores for it. */
export type IntentClash = {
  intent: string;
  from: ClashRoutine;
  to: ClashRoutine;
  kind: ClashKind;
  /** The score of the intent's own routine, or null when it is not among the candidates. */
  fromScore: number | null;
  toScore: number;
};

/** Two routines whose intents retrieve each other (in either direction or both), with every intent involved. */
export type Clash = {
  /** Ordered by name, then id, so a pair always reads the same way. */
  routines: [ClashRoutine, ClashRoutine];
  intents: IntentClash[];
};

export type FindClashesOptions = {
  thresholds?: MemoryThresholds;
  /**
   * A version under review: it stands in for its routine's published document (if any), and only the clashes that
   * involve its routine are returned, in both directions (its intents retrieving others, others' retrieving it).
   */
  candidate?: MemoryDocument;
};

const routineOf = (doc: Pick<MemoryDocument, "routineId" | "versionId" | "name">): ClashRoutine => ({
  routineId: doc.routineId,
  versionId: doc.versionId,
  name: doc.name,
});

/**
 * What retrieving one intent of `own` shows about other routines. Only candidates at or above `minScore` count: a
 * routine below it is never the answer. Other routines ranked above `own` outrank it; those just below it, within the
 * margin (or tied), make the answer ambiguous. When `own` is not among the candidates, only the top answer counts, so
 * an intent that matches nothing well does not list every routine that shares a word with it.
 */
function intentClashes(own: MemoryDocument, intent: string, candidates: Candidate[], thresholds: MemoryThresholds) {
  const ownScore = candidates.find((candidate) => candidate.routineId === own.routineId)?.score ?? null;
  const found: IntentClash[] = [];
  const others = ownScore === null ? candidates.slice(0, 1) : candidates;
  for (const other of others) {
    if (other.routineId === own.routineId || other.score < thresholds.minScore) continue;
    let kind: ClashKind | null = null;
    if (ownScore === null || other.score > ownScore) kind = "outranks";
    else if (other.score === ownScore || ownScore - other.score < thresholds.ambiguityMargin) kind = "ambiguous";
    if (!kind) continue;
    found.push({ intent, from: routineOf(own), to: routineOf(other), kind, fromScore: ownScore, toScore: other.score });
  }
  return found;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

function byName(a: ClashRoutine, b: ClashRoutine): number {
  return a.name.localeCompare(b.name) || (a.routineId < b.routineId ? -1 : a.routineId > b.routineId ? 1 : 0);
}

/**
 * The clash report: every intent of every routine is retrieved against the index of all of them (keywords only,
 * BM25, as `ProcedureIndex.search` ranks without embeddings), and each intent that another routine outranks or makes
 * ambiguous is a clash between the two routines. Intents that retrieval would refuse (empty, too long) are skipped,
 * as are an intent's repeats within its routine. Pairs come sorted by name; within a pair, intents in routine order.
 * The cost is one search per intent over the whole library. Throws zod's error for thresholds out of range.
 */
export function findClashes(published: readonly MemoryDocument[], options: FindClashesOptions = {}): Clash[] {
  const thresholds = memoryThresholdsSchema.parse(options.thresholds ?? DEFAULT_MEMORY_THRESHOLDS);
  const { candidate } = options;
  const index = ProcedureIndex.build(published);
  if (candidate) index.add(candidate);

  const pairs = new Map<string, Clash>();
  for (const doc of index.documents()) {
    for (const intent of new Set(doc.intents)) {
      const checked = checkRequest(intent);
      if (!checked.ok) continue;
      const { candidates } = index.search(checked.text, { thresholds });
      for (const clash of intentClashes(doc, intent, candidates, thresholds)) {
        if (candidate && clash.from.routineId !== candidate.routineId && clash.to.routineId !== candidate.routineId) {
          continue;
        }
        const key = pairKey(clash.from.routineId, clash.to.routineId);
        let pair = pairs.get(key);
        if (!pair) {
          pair = { routines: [clash.from, clash.to].sort(byName) as [ClashRoutine, ClashRoutine], intents: [] };
          pairs.set(key, pair);
        }
        pair.intents.push(clash);
      }
    }
  }
  return [...pairs.values()].sort(
    (a, b) => byName(a.routines[0], b.routines[0]) || byName(a.routines[1], b.routines[1]),
  );
}

/** The routines of a clash report by routine id, each with the other routines it clashes with (for badges). */
export function clashingRoutines(clashes: readonly Clash[]): Map<string, ClashRoutine[]> {
  const byRoutine = new Map<string, ClashRoutine[]>();
  for (const { routines } of clashes) {
    const [a, b] = routines;
    byRoutine.set(a.routineId, [...(byRoutine.get(a.routineId) ?? []), b]);
    byRoutine.set(b.routineId, [...(byRoutine.get(b.routineId) ?? []), a]);
  }
  return byRoutine;
}
