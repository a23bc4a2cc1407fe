import Link from "next/link";
import { ClashIntents } from "@/components/routines/clash-intents";
import { Alert } from "@/components/ui";
import type { Clash } from "@/lib/memory";

const linkClasses =
  "font-medium text-foreground underline underline-offset-2 hover:text-accent focus-visible:outline-2 focus-visible:outline-ring";

/**
 * On the review screen: the published routines whose requests this version's intents would take, or that would take
 * its intents, naming each routine and the intents involved. Nothing when the version clashes with no routine; a
 * quiet note when the check could not run (the review itself still opens).
 */
export function ClashNotice({
  routineId,
  clashes,
  error,
}: {
  routineId: string;
  clashes: readonly Clash[] | null;
  error: string | null;
}) {
  if (error !== null) {
    return (
      <div className="px-4 pt-3">
        <Alert tone="info" title="The intents could not be checked for clashes" testId="review-clash-error">
          {error}
        </Alert>
      </div>
    );
  }
  if (!clashes || clashes.length === 0) return null;
  const others = clashes.map((clash) => clash.routines.find((routine) => routine.routineId !== routineId)!);
  const shown = others.slice(0, 3).map((routine) => `“${routine.name}”`);
  const more = others.length > shown.length ? ` and ${others.length - shown.length} more` : "";
  // One line by default, the intents folded: the canvas below must keep its room however many routines collide.
  return (
    <div className="px-4 pt-3" data-testid="review-clashes" data-count={clashes.length}>
      <details className="rounded-lg border border-warning/40 bg-warning-soft px-4 py-2 text-sm text-foreground">
        <summary className="cursor-pointer font-medium" data-testid="review-clashes-toggle">
          {others.length === 1
            ? "This version's intents collide with "
            : `This version's intents collide with ${others.length} routines: `}
          {shown.join(", ")}
          {more}
        </summary>
        <div className="max-h-64 overflow-y-auto" tabIndex={0} role="region" aria-label="Colliding intents">
          <p className="mt-2 text-xs text-muted">
            A request like these may start the wrong routine. Reword the intents so each finds its own routine.
          </p>
          <ul className="mt-2 space-y-2">
            {clashes.map((clash, i) => (
              <li key={others[i].routineId} data-testid="review-clash" data-routine-id={others[i].routineId}>
                <Link href={`/routines/${others[i].routineId}`} className={linkClasses} prefetch={false}>
                  {others[i].name}
                </Link>
                <ClashIntents intents={clash.intents} />
              </li>
            ))}
          </ul>
        </div>
      </details>
    </div>
  );
}
