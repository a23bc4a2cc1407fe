import { Alert, Badge } from "@/components/ui";
import type { CandidateView, RetrievalView } from "./by-request-types";

const score = (value: number) => value.toFixed(2);

function MatchedWords({ words, testId }: { words: string[]; testId: string }) {
  if (words.length === 0) return <span className="text-xs text-muted">no words in common</span>;
  return (
    <span className="flex flex-wrap gap-1" data-testid={testId}>
      {words.map((word) => (
        <Badge key={word}>{word}</Badge>
      ))}
    </span>
  );
}

/** The ranked candidates, best first, each with its score and matched words. */
function CandidateList({ candidates, label }: { candidates: CandidateView[]; label: string }) {
  return (
    <ol className="space-y-2" aria-label={label} data-testid="by-request-candidates">
      {candidates.map((candidate, index) => (
        <li
          key={candidate.routineId}
          className="flex flex-wrap items-center gap-2 text-sm"
          data-testid={`by-request-candidate-${index}`}
          data-routine-id={candidate.routineId}
        >
          <span className="font-medium text-foreground">{candidate.name}</span>
          <Badge tone="neutral">score {score(candidate.score)}</Badge>
          <MatchedWords words={candidate.matched} testId={`by-request-candidate-${index}-matched`} />
        </li>
      ))}
    </ol>
  );
}

/**
 * What procedure memory answered: the pick with its score, matched words and the runner-up; or, plainly, that two
 * routines fit about equally (pick one), or that none fits (with the near-misses, ranked).
 */
export function RetrievalResult({ retrieval }: { retrieval: RetrievalView }) {
  const [top, runnerUp] = retrieval.candidates;
  if (retrieval.decision === "match" && top) {
    return (
      <div className="space-y-2 rounded-lg border border-border px-4 py-3" data-testid="by-request-pick">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted">Best fit:</span>
          <span className="font-semibold text-foreground" data-testid="by-request-pick-name">
            {top.name}
          </span>
          <Badge tone="success" data-testid="by-request-pick-score">
            score {score(top.score)}
          </Badge>
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted">Matched:</span>
          <MatchedWords words={top.matched} testId="by-request-pick-matched" />
        </p>
        <p className="text-sm text-muted" data-testid="by-request-runner-up">
          {runnerUp ? (
            <>
              Runner-up: <span className="font-medium text-foreground">{runnerUp.name}</span> (score{" "}
              {score(runnerUp.score)})
            </>
          ) : (
            "No other routine comes close."
          )}
        </p>
      </div>
    );
  }
  if (retrieval.decision === "ambiguous") {
    return (
      <Alert tone="warning" title="More than one routine fits about equally well" testId="by-request-ambiguous">
        <p className="mb-2">Pick the one you mean below.</p>
        <CandidateList candidates={retrieval.candidates} label="Routines that fit" />
      </Alert>
    );
  }
  return (
    <Alert tone="warning" title="No published routine fits this request" testId="by-request-none">
      {retrieval.candidates.length > 0 ? (
        <>
          <p className="mb-2">
            The closest ones score below the minimum of {score(retrieval.minScore)}. Plan it, rephrase the request, or
            pick a routine yourself below.
          </p>
          <CandidateList candidates={retrieval.candidates} label="Closest routines" />
        </>
      ) : (
        <p>
          No published routine shares a word with it. Plan it, rephrase the request, or pick a routine yourself below.
        </p>
      )}
    </Alert>
  );
}
