import Link from "next/link";
import { Alert, Card } from "@/components/ui";
import type { Clash } from "@/lib/memory";
import { ClashIntents } from "./clash-intents";
import type { RowClashes } from "./library-types";

/** The anchor of a pair in the report, which a row's badge links to. */
export function clashAnchor(clash: Clash): string {
  return `clash-${clash.routines[0].routineId}-${clash.routines[1].routineId}`;
}

const linkClasses =
  "font-medium text-foreground hover:text-accent hover:underline focus-visible:outline-2 focus-visible:outline-ring";

/**
 * The library's clash report: pairs of published routines whose intents retrieve each other, folded by default.
 * Nothing when there is no clash; a warning when the report could not be computed (the library itself still shows).
 */
export function ClashReport({ clashes, error }: { clashes: readonly Clash[] | null; error: string | null }) {
  if (error !== null) {
    return (
      <Alert tone="warning" title="The clash report could not be computed" testId="clash-report-error">
        {error}
      </Alert>
    );
  }
  if (!clashes || clashes.length === 0) return null;
  const count = clashes.length === 1 ? "1 pair of routines" : `${clashes.length} pairs of routines`;
  return (
    <Card data-testid="clash-report" data-count={clashes.length}>
      <details className="group px-4 py-3 text-sm">
        <summary className="cursor-pointer font-medium text-warning" data-testid="clash-report-toggle">
          Clashes: {count} whose example requests find each other
        </summary>
        <p className="mt-2 text-xs text-muted">
          A request like one of these may start the wrong routine. Reword the intents so each finds its own routine
          (retrieval by keywords, under the thresholds an admin set).
        </p>
        <ul className="mt-3 space-y-3">
          {clashes.map((clash) => (
            <li
              key={clashAnchor(clash)}
              id={clashAnchor(clash)}
              data-testid="clash-pair"
              data-routines={clash.routines.map((routine) => routine.routineId).join(" ")}
            >
              <p>
                <Link href={`/routines/${clash.routines[0].routineId}`} className={linkClasses} prefetch={false}>
                  {clash.routines[0].name}
                </Link>
                <span className="text-muted"> and </span>
                <Link href={`/routines/${clash.routines[1].routineId}`} className={linkClasses} prefetch={false}>
                  {clash.routines[1].name}
                </Link>
              </p>
              <ClashIntents intents={clash.intents} />
            </li>
          ))}
        </ul>
      </details>
    </Card>
  );
}

/** Per routine of the report: the names of the routines it clashes with and the anchor of its first pair. */
export function clashesByRoutine(clashes: readonly Clash[]): Map<string, RowClashes> {
  const byRoutine = new Map<string, RowClashes>();
  for (const clash of clashes) {
    const [a, b] = clash.routines;
    for (const [self, other] of [
      [a, b],
      [b, a],
    ]) {
      const entry = byRoutine.get(self.routineId) ?? { with: [], anchor: clashAnchor(clash) };
      entry.with.push(other.name);
      byRoutine.set(self.routineId, entry);
    }
  }
  return byRoutine;
}
