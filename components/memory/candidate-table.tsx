import { Badge, Table, Td, Th } from "@/components/ui";
import type { Candidate, MemoryThresholds } from "@/lib/memory";

const score = (value: number) => value.toFixed(3);

/** The ranked candidates of one retrieval: score against the minimum, keyword and embedding parts, matched terms. */
export function CandidateTable({ candidates, thresholds }: { candidates: Candidate[]; thresholds: MemoryThresholds }) {
  const hybrid = candidates.some((candidate) => candidate.similarity !== undefined);
  return (
    <Table data-testid="memory-candidates">
      <caption className="sr-only">Routines ranked for the request, best first</caption>
      <thead>
        <tr>
          <Th>#</Th>
          <Th>Routine</Th>
          <Th>Score</Th>
          <Th>Keywords</Th>
          {hybrid ? <Th>Similarity</Th> : null}
          <Th>Matched terms</Th>
        </tr>
      </thead>
      <tbody>
        {candidates.map((candidate, index) => {
          const below = candidate.score < thresholds.minScore;
          return (
            <tr key={candidate.routineId} data-testid="memory-candidate">
              <Td className="text-muted">{index + 1}</Td>
              <Td className="font-medium">{candidate.name}</Td>
              <Td>
                <div className="flex items-center gap-2">
                  <span className="tabular-nums" data-testid="memory-candidate-score">
                    {score(candidate.score)}
                  </span>
                  <span
                    className="relative h-1.5 w-24 overflow-hidden rounded-full bg-surface-muted"
                    aria-hidden="true"
                  >
                    <span
                      className={below ? "absolute inset-y-0 left-0 bg-warning" : "absolute inset-y-0 left-0 bg-accent"}
                      style={{ width: `${Math.round(Math.min(1, Math.max(0, candidate.score)) * 100)}%` }}
                    />
                    <span
                      className="absolute inset-y-0 w-px bg-foreground"
                      style={{ left: `${Math.round(thresholds.minScore * 100)}%` }}
                    />
                  </span>
                  {below ? <span className="text-xs text-muted">below the minimum</span> : null}
                </div>
              </Td>
              <Td className="tabular-nums">{score(candidate.keywordScore)}</Td>
              {hybrid ? (
                <Td className="tabular-nums">
                  {candidate.similarity === undefined ? "—" : score(candidate.similarity)}
                </Td>
              ) : null}
              <Td>
                {candidate.matched.length ? (
                  <div className="flex flex-wrap gap-1">
                    {candidate.matched.map((term) => (
                      <Badge key={term} tone="accent">
                        {term}
                      </Badge>
                    ))}
                  </div>
                ) : (
                  <span className="text-xs text-muted">no words in common</span>
                )}
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
