import type { RunView as RunRecord } from "@/lib/runs/operations";
import type { Routine } from "@/lib/routine";
import type { RunViewSnapshot } from "@/lib/stores/run-view";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The run page's snapshot for the client store: the DAL's view with dates as text and the routine laid out. A
 * planned run brings its task list and an empty routine: the client draws the graph of what ran as calls arrive.
 */
export function toRunViewSnapshot(run: RunRecord, routine: Routine): RunViewSnapshot {
  return {
    header: {
      runId: run.id,
      mode: run.mode,
      model: run.model,
      status: run.status,
      statusReason: null,
      routineId: run.routineId,
      routineName: run.routineName,
      versionNumber: run.versionNumber,
      startedBy: run.startedBy ? { id: run.startedBy.id, name: run.startedBy.name } : null,
      source: run.source,
      inputs: run.inputs,
      request: run.request,
      createdAt: run.createdAt.toISOString(),
      startedAt: iso(run.startedAt),
      finishedAt: iso(run.finishedAt),
      inputTokens: run.inputTokens,
      outputTokens: run.outputTokens,
      error: run.error,
      outputs: run.outputs,
      budgetExceeded: null,
    },
    routine,
    steps: run.steps.map((step) => ({
      stepRunId: step.id,
      stepId: step.stepId,
      iteration: step.iteration,
      state: step.state,
      attempt: step.attempt,
      input: step.input,
      output: step.output,
      outputRef: step.outputRef,
      error: step.error,
      inputTokens: step.inputTokens,
      outputTokens: step.outputTokens,
      startedAt: iso(step.startedAt),
      finishedAt: iso(step.finishedAt),
    })),
    lastSeq: run.lastSeq,
    plan: run.mode === "planned" ? run.plan : null,
  };
}
