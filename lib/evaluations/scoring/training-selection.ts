import type { TrainingFormat } from "./training-formats";
import type { TrainingSource } from "./training-filter";

/**
 * Which runs a trainer should learn from (issue #30). A run is an example when it finished well: it succeeded,
 * no tool error was left unhandled, and, for an evaluation run, its test case passed. Evaluation runs are their own
 * choice (`source`): they are scripted, often sandboxed, and a failed case is a lesson in what not to do.
 */

export const EXCLUSION_REASONS = [
  "evaluation_run",
  "not_evaluation",
  "not_succeeded",
  "unreadable_events",
  "case_not_passed",
  "unhandled_tool_error",
] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

/** What the export page says about each reason: a short label and why such runs are left out. */
export const EXCLUSION_TEXT: Record<ExclusionReason, { label: string; why: string }> = {
  evaluation_run: {
    label: "Evaluation runs",
    why: "Test-case runs are a separate choice: pick “Evaluation runs whose case passed” or “Both” to include them.",
  },
  not_evaluation: {
    label: "Runs outside evaluations",
    why: "Only evaluation runs were asked for.",
  },
  not_succeeded: {
    label: "Runs that did not succeed",
    why: "Failed, cancelled and unfinished runs show a model what not to do.",
  },
  unreadable_events: {
    label: "Runs with events that could not be read",
    why: "An event was stored by a newer Routine Studio or no longer reads: the example would miss part of the run.",
  },
  case_not_passed: {
    label: "Evaluation runs whose case did not pass",
    why: "The checker found a wrong or missing call: the run is not an example to copy.",
  },
  unhandled_tool_error: {
    label: "Runs that went past a tool error",
    why: "A tool call failed and no later call of that tool succeeded: the run answered as if it had worked.",
  },
};

/** What the export knows of a run to judge it. `casePassed`: the run's test case result, null outside evaluations. */
export type RunVerdictInput = {
  status: string;
  evaluation: boolean;
  casePassed: boolean | null;
  unhandledToolErrors: number;
  /** Stored events of the run this server could not read (decision 0039). */
  unreadableEvents: number;
};

/** Why `source` leaves the run out, or null when the run is an example. The first reason that applies is given. */
export function exclusionOf(run: RunVerdictInput, source: TrainingSource): ExclusionReason | null {
  if (run.evaluation && source === "runs") return "evaluation_run";
  if (!run.evaluation && source === "cases") return "not_evaluation";
  if (run.status !== "succeeded") return "not_succeeded";
  if (run.unreadableEvents > 0) return "unreadable_events";
  if (run.evaluation && run.casePassed !== true) return "case_not_passed";
  if (run.unhandledToolErrors > 0) return "unhandled_tool_error";
  return null;
}

/** What an export with a filter holds: its examples, the runs each reason left out, lines with undefined tools. */
export type TrainingSummary = {
  examples: number;
  excluded: Array<{ reason: ExclusionReason; count: number }>;
  /** Examples that call a tool whose definition the registry does not hold: exported with a note in its place. */
  undefinedTools: number;
};

/** Adds up verdicts into a summary, reasons in the order of EXCLUSION_REASONS and only those that left a run out. */
export function summarize(
  verdicts: Iterable<{ reason: ExclusionReason | null; undefinedTools: boolean }>,
): TrainingSummary {
  const counts = new Map<ExclusionReason, number>();
  let examples = 0;
  let undefinedTools = 0;
  for (const verdict of verdicts) {
    if (verdict.reason === null) {
      examples++;
      if (verdict.undefinedTools) undefinedTools++;
    } else counts.set(verdict.reason, (counts.get(verdict.reason) ?? 0) + 1);
  }
  return {
    examples,
    excluded: EXCLUSION_REASONS.filter((reason) => counts.has(reason)).map((reason) => ({
      reason,
      count: counts.get(reason)!,
    })),
    undefinedTools,
  };
}

/**
 * The fewest examples a format's trainer takes: OpenAI's fine-tuning refuses a file of fewer than 10. LLaMA-Factory
 * sets no floor; null says so.
 */
export const MINIMUM_EXAMPLES: Record<TrainingFormat, number | null> = { openai: 10, llamafactory: null };

/** The warning for an export below its format's minimum, or null. */
export function minimumWarning(format: TrainingFormat, examples: number): string | null {
  const minimum = MINIMUM_EXAMPLES[format];
  if (minimum === null || examples === 0 || examples >= minimum) return null;
  const trainer = format === "openai" ? "OpenAI" : "LLaMA-Factory";
  return `${trainer} needs at least ${minimum} examples to fine-tune; this export has ${examples}. Widen the filter or run the routine more.`;
}
