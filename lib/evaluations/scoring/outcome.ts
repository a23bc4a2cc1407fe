import type { ActualCall } from "./case-schema";
import { caseError, ERROR_KINDS, type CaseError } from "./check-call";
import type { CaseVerdict } from "./check-case";

/**
 * A case's outcome beside its call verdict (issue #32): did every tool answer without an error, and how did the run
 * end. BFCL's rule, which the checker follows, judges the calls, not what the tools answered: a leave booking whose
 * tool answered "overlaps another request" is a correct call. The outcome says so beside it; a strict case also
 * requires it.
 */
export type CaseOutcome = {
  /** Every call answered without an error and the run succeeded. */
  ok: boolean;
  toolErrors: Array<{ call: number; tool: string; error: string }>;
  /** The run's end state: succeeded, failed, cancelled, … */
  runStatus: string;
  runError: string | null;
};

/** The outcome of a run from its calls (each with the tool's error, when it answered with one) and its end. */
export function caseOutcome(calls: readonly ActualCall[], run: { status: string; error: string | null }): CaseOutcome {
  const toolErrors = calls.flatMap((call, index) =>
    call.error === undefined ? [] : [{ call: index + 1, tool: call.tool, error: call.error }],
  );
  return {
    ok: toolErrors.length === 0 && run.status === "succeeded",
    toolErrors,
    runStatus: run.status,
    runError: run.error,
  };
}

/** The outcome in a few words, as the results table's second column shows it. */
export function outcomeText(outcome: Pick<CaseOutcome, "runStatus" | "toolErrors">): string {
  if (outcome.runStatus !== "succeeded") return `Run ${outcome.runStatus}`;
  const count = outcome.toolErrors.length;
  if (count === 0) return "Tools answered";
  return `${count} tool error${count === 1 ? "" : "s"}`;
}

/**
 * A strict case's verdict: its calls' verdict, failed with one `tool_error` per call a tool answered with an error
 * (or one for the run, when it did not succeed) when the outcome is not ok. A case that is not strict, or whose
 * outcome is ok, keeps its verdict.
 */
export function applyStrictOutcome(verdict: CaseVerdict, outcome: CaseOutcome, strict: boolean): CaseVerdict {
  if (!strict || outcome.ok) return verdict;
  const added: CaseError[] = outcome.toolErrors.map(({ call, tool, error }) =>
    caseError("tool_error", null, `Call ${call} (${tool}) was answered with an error: ${error}`, { tool }),
  );
  if (added.length === 0)
    added.push(
      caseError(
        "tool_error",
        null,
        `The run ${outcome.runStatus}${outcome.runError ? `: ${outcome.runError}` : ""}; this case requires a successful outcome.`,
      ),
    );
  const errors = [...verdict.errors, ...added];
  const primary = ERROR_KINDS.map((kind) => errors.find((error) => error.kind === kind)).find(Boolean) ?? null;
  return { ...verdict, passed: false, errors, primary };
}
