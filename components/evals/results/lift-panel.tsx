import { Badge } from "@/components/ui";
import { formatPoints, signedPoints } from "@/lib/evaluations/scoring";

/** One configuration's lift over the reference (lib/evaluations Lift), with both configurations' names. */
export type LiftView = {
  subject: string;
  reference: string;
  lift: {
    pairedCases: number;
    difference: number;
    low: number;
    high: number;
    method: "newcombe_score" | "paired_bootstrap";
    pValue: number | null;
    verdict: "better" | "worse" | "indistinguishable";
    /** The lift in one sentence, with why it is or is not distinguishable from zero. */
    summary: string;
  } | null;
};

const METHOD: Record<NonNullable<LiftView["lift"]>["method"], { interval: string; test: string }> = {
  newcombe_score: { interval: "Newcombe's paired score interval (one trial per case)", test: "McNemar exact p" },
  paired_bootstrap: { interval: "paired bootstrap over cases (several trials per case)", test: "sign-flip test p" },
};

const VERDICT = {
  better: { tone: "success", words: "better, distinguishable from zero" },
  worse: { tone: "danger", words: "worse, distinguishable from zero" },
  indistinguishable: { tone: "neutral", words: "not distinguishable from zero" },
} as const;

/**
 * The difference in accuracy of each configuration over the reference (the baseline without the routine, or the
 * first configuration), on the cases both judged, with its 95% interval and what it means in words.
 */
export function LiftPanel({ lifts }: { lifts: LiftView[] }) {
  if (lifts.length === 0)
    return (
      <p className="text-sm text-muted" data-testid="lift-none">
        One configuration: nothing to compare. Add a baseline to see the routine&apos;s lift.
      </p>
    );
  return (
    <ul className="space-y-3" data-testid="lift-panel">
      {lifts.map((entry) => (
        <li key={`${entry.subject}-${entry.reference}`} className="space-y-1" data-testid="lift-row">
          <p className="text-sm">
            <span className="font-medium">{entry.subject}</span> <span className="text-muted">vs</span>{" "}
            <span className="font-medium">{entry.reference}</span>
          </p>
          {entry.lift ? (
            <>
              <p className="flex flex-wrap items-baseline gap-2">
                <span className="text-2xl font-semibold tabular-nums" data-testid="lift-points">
                  {formatPoints(entry.lift.difference)}
                </span>
                <span className="text-sm tabular-nums text-muted" data-testid="lift-interval">
                  95% interval {signedPoints(entry.lift.low)} to {signedPoints(entry.lift.high)}
                </span>
                <Badge tone={VERDICT[entry.lift.verdict].tone} data-testid="lift-verdict">
                  {VERDICT[entry.lift.verdict].words}
                </Badge>
              </p>
              <p className="text-xs text-muted" data-testid="lift-summary">
                {entry.lift.summary}
              </p>
              <p className="text-xs text-muted">
                {METHOD[entry.lift.method].interval}
                {entry.lift.pValue !== null
                  ? ` · ${METHOD[entry.lift.method].test} = ${entry.lift.pValue.toPrecision(2)}`
                  : ""}
              </p>
            </>
          ) : (
            <p className="text-sm text-muted" data-testid="lift-unpaired">
              No case was judged under both yet: no lift to show.
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
