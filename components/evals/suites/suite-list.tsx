import Link from "next/link";
import { Badge, Card, CardBody } from "@/components/ui";
import type { EvalMode } from "@/lib/evaluations/scoring";
import { ConfigurationFigures, type ConfigurationFigure } from "./configuration-figures";
import { MODE_LABELS } from "./suite-modes";

export type SuiteListItem = {
  id: string;
  name: string;
  configurations: number;
  modes: EvalMode[];
  concurrency: number;
  latest: { status: string; at: string; configurations: ConfigurationFigure[] } | null;
};

const STATUS_TONE: Record<string, "neutral" | "accent" | "success" | "warning" | "danger"> = {
  queued: "accent",
  running: "accent",
  succeeded: "success",
  failed: "danger",
  cancelled: "warning",
};

/** A routine's suites as cards: configurations, modes, and the latest run's accuracy. */
export function SuiteList({ routineId, suites }: { routineId: string; suites: SuiteListItem[] }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2" data-testid="suite-list">
      {suites.map((suite) => (
        <li key={suite.id}>
          <Card>
            <CardBody className="space-y-2">
              <div className="flex items-start justify-between gap-3">
                <Link
                  href={`/evaluations/${routineId}/suites/${suite.id}`}
                  className="font-semibold text-foreground hover:underline"
                  data-testid="suite-link"
                >
                  {suite.name}
                </Link>
                {suite.latest ? (
                  <Badge tone={STATUS_TONE[suite.latest.status] ?? "neutral"}>{suite.latest.status}</Badge>
                ) : (
                  <Badge>never run</Badge>
                )}
              </div>
              <p className="text-sm text-muted">
                {suite.configurations} configuration{suite.configurations === 1 ? "" : "s"} ·{" "}
                {suite.modes.map((mode) => MODE_LABELS[mode]).join(", ")} · {suite.concurrency} at once
              </p>
              {suite.latest ? (
                <div className="space-y-1 text-sm">
                  <p>
                    Latest accuracy{" "}
                    <span className="text-muted">({new Date(suite.latest.at).toLocaleString("en-GB")})</span>
                  </p>
                  <ConfigurationFigures configurations={suite.latest.configurations} />
                </div>
              ) : null}
            </CardBody>
          </Card>
        </li>
      ))}
    </ul>
  );
}
