import { Card, CardBody } from "@/components/ui";

export type ScoreCardView = {
  index: number;
  label: string;
  /** Trials per case: with one, the card shows case accuracy; with k, pass@1 and pass^k. */
  trials: number;
  /** Over every judged trial (case accuracy with one trial; pass@1 with k). */
  accuracy: number;
  passed: number;
  /** Judged results (cases × trials). */
  cases: number;
  /** Cases whose every trial passed, of the cases judged: pass^k. */
  allPassed: number;
  casesJudged: number;
  callAccuracy: number;
  callsPassed: number;
  calls: number;
  errored: number;
  skipped: number;
  /** Accuracy of the same configuration in the previous run, when there was one. */
  previousAccuracy: number | null;
};

const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;
const ratio = (part: number, whole: number) => (whole > 0 ? percent(part / whole) : "—");

function Delta({ now, before }: { now: number; before: number | null }) {
  if (before === null) return <span className="text-xs text-muted">no previous run</span>;
  const points = Math.round((now - before) * 1000) / 10;
  if (points === 0) return <span className="text-xs text-muted">= previous run</span>;
  const up = points > 0;
  return (
    <span
      className={up ? "text-xs font-medium text-success" : "text-xs font-medium text-danger"}
      data-testid="score-delta"
    >
      <span aria-hidden="true">{up ? "▲" : "▼"}</span> {up ? "+" : "−"}
      {Math.abs(points)} points <span className="sr-only">{up ? "better" : "worse"} than</span>
      <span aria-hidden="true"> vs</span> the previous run
    </span>
  );
}

/**
 * Accuracy per configuration, side by side, each with its change since the suite's previous run; every percentage
 * with the counts it is made of. With several trials per case: pass@1 (the mean over trials) and pass^k (cases
 * whose every trial passed).
 */
export function ScoreCards({ scores }: { scores: ScoreCardView[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="score-cards">
      {scores.map((score) => {
        const several = score.trials > 1;
        return (
          <li key={score.index}>
            <Card className="h-full" data-testid={`score-card-${score.index}`}>
              <CardBody className="space-y-2">
                <p className="text-sm font-medium text-foreground" data-testid="score-label">
                  {score.label}
                </p>
                <p className="flex items-baseline gap-2">
                  <span className="text-3xl font-semibold tabular-nums" data-testid="score-accuracy">
                    {score.cases > 0 ? percent(score.accuracy) : "—"}
                  </span>
                  <span className="text-sm text-muted tabular-nums" data-testid="score-accuracy-count">
                    {several ? "pass@1" : "of cases"} ({score.passed}/{score.cases})
                  </span>
                </p>
                <Delta now={score.accuracy} before={score.cases > 0 ? score.previousAccuracy : null} />
                <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  {several ? (
                    <>
                      <dt className="text-muted" title={`Cases whose ${score.trials} trials all passed`}>
                        pass<sup>{score.trials}</sup>
                      </dt>
                      <dd className="tabular-nums" data-testid="score-pass-all">
                        {ratio(score.allPassed, score.casesJudged)} ({score.allPassed}/{score.casesJudged} cases)
                      </dd>
                      <dt className="text-muted">Trials passed</dt>
                      <dd className="tabular-nums" data-testid="score-passed">
                        {score.passed} / {score.cases}
                      </dd>
                    </>
                  ) : (
                    <>
                      <dt className="text-muted">Cases passed</dt>
                      <dd className="tabular-nums" data-testid="score-passed">
                        {score.passed} / {score.cases}
                      </dd>
                    </>
                  )}
                  <dt className="text-muted">Call accuracy</dt>
                  <dd className="tabular-nums" data-testid="score-call-accuracy">
                    {ratio(score.callsPassed, score.calls)} ({score.callsPassed}/{score.calls})
                  </dd>
                  <dt className="text-muted">Errored</dt>
                  <dd className="tabular-nums">{score.errored}</dd>
                  <dt className="text-muted">Skipped</dt>
                  <dd className="tabular-nums">{score.skipped}</dd>
                </dl>
              </CardBody>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
