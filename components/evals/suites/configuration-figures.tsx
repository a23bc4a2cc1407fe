import type { OverviewConfiguration } from "@/lib/db/evals";
import { configurationLabel } from "./suite-modes";

/** A configuration of a suite's latest run with its passed and judged results. */
export type ConfigurationFigure = OverviewConfiguration;

const percent = (passed: number, judged: number) => `${Math.round((passed / judged) * 1000) / 10}%`;

/**
 * A suite run's accuracy per configuration, each named as on the results page ("#1 v2 · Agent with routine · …"),
 * with its counts: never one figure averaged over a routine and its baseline, which would describe neither.
 */
export function ConfigurationFigures({ configurations }: { configurations: ConfigurationFigure[] }) {
  return (
    <ul className="space-y-0.5 text-xs" data-testid="configuration-figures">
      {configurations.map((config, index) => (
        <li key={index} data-testid="configuration-figure">
          <span className="text-muted">
            #{index + 1} {configurationLabel(config)}:
          </span>{" "}
          <span className="font-medium tabular-nums">
            {config.judged === 0
              ? "no result yet"
              : `${percent(config.passed, config.judged)} (${config.passed}/${config.judged})`}
          </span>
        </li>
      ))}
    </ul>
  );
}
