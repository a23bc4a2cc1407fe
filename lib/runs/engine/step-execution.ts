import type { RunEventInput, RunStatus } from "../../events";
import { callsTool, hasCapability, type JsonValue, type Step } from "../../routine";
import { activeMs, BudgetExceededError } from "./budgets";
import { errorMessage } from "./errors";
import { resumeHandler, runHandler } from "./kinds";
import type { StepOutcome } from "./kinds/handler-types";
import { stopsRun, type RunChange, type RunControl, type StepRunSnapshot } from "./ports";
import type { BranchChoice, Position } from "./position";
import { progressEvent, progressItems } from "./progress";
import { stepsOffTheWayTaken } from "./routine-graph";
import { budgetExceeded, durationOf, failRun, finishRun, markWaiting, type TransitionContext } from "./run-transitions";
import { stepRef } from "./run-writer";
import { honourCancel } from "./stage-cancel";
import { stepContext, type SessionServices } from "./step-context";
import { StepGuard } from "./step-guard";
import { holdLargeOutputs, preview, variableKeys } from "./variables";

/** What the session needs to run a step besides the shared services. */
export type StepSession = SessionServices & {
  transitions: TransitionContext;
  signal: AbortSignal;
  readControl(): Promise<RunControl>;
  /** Set when a pause or cancel arrived while a step finished anyway; the run loop honours it next. */
  requests: { pause: boolean; cancel: boolean };
};

/** A step's number in the run's list of step runs, zero-padded so ids sort in the order the steps ran. */
function newStepRunId(session: StepSession): string {
  const { snapshot } = session.writer;
  return `${snapshot.id}.${String(snapshot.steps.length + 1).padStart(5, "0")}`;
}

/**
 * Executes one step: commits its start (a new step run, or a new attempt of one left running or set back to
 * pending), runs the kind's handler under a guard (timeout, wall time, cancel, pause), and commits the outcome.
 * Returns the run's status when the run stops here (finished, failed, waiting, cancelled, or "running" when the
 * worker stops), or null to go on with the next step.
 */
/** step.skipped for the steps a branch's choice leaves out (view only: no step runs until the run finishes). */
export function skippedByChoice(session: StepSession, branchId: string, edgeId: string): RunEventInput[] {
  const ran = new Set(session.writer.snapshot.steps.map((run) => run.stepId));
  return stepsOffTheWayTaken(session.index, branchId, edgeId, ran).map((skipped) => ({
    type: "step.skipped",
    data: { stepId: skipped.id, reason: "On a way the branch did not take." },
  }));
}

export async function executeStep(
  session: StepSession,
  position: Extract<Position, { kind: "next" | "again" }>,
): Promise<RunStatus | null> {
  const { writer, clock, index } = session;
  const snapshot = writer.snapshot;
  const step = position.step;
  const now = clock.now();
  let stepRun: StepRunSnapshot;
  let presetInput: JsonValue | null = null;

  if (position.kind === "next") {
    const id = newStepRunId(session);
    const fields = { id, stepId: step.id, iteration: position.iteration };
    const progress = progressItems(index.routine, snapshot, step.id);
    await writer.commit(
      {
        run: { stepsExecuted: snapshot.stepsExecuted + 1 },
        steps: [{ ...fields, state: "running", attempt: 1, startedAt: new Date(now) }],
      },
      [
        { type: "step.started", data: { stepRunId: id, stepId: step.id, iteration: position.iteration, attempt: 1 } },
        progressEvent(progress),
      ],
    );
    stepRun = writer.stepRun(id);
  } else {
    stepRun = position.stepRun;
    presetInput = stepRun.input;
    const attempt = stepRun.attempt + 1;
    await writer.commit(
      {
        steps: [
          {
            id: stepRun.id,
            stepId: stepRun.stepId,
            iteration: stepRun.iteration,
            state: "running",
            attempt,
            startedAt: new Date(now),
            error: null,
          },
        ],
      },
      [
        {
          type: "step.started",
          data: { ...stepRef(stepRun), attempt, ...(presetInput !== null ? { input: presetInput } : {}) },
        },
      ],
    );
  }

  const budgets = snapshot.budgets;
  const worked = activeMs(snapshot, index);
  const guard = new StepGuard({
    clock,
    outer: session.signal,
    stepTimeoutMs: (callsTool(step) ? step.timeoutMs : undefined) ?? budgets.stepTimeoutMs,
    wallTimeLeftMs: Math.max(0, budgets.wallTimeMs - worked),
    wallTimeLimitMs: budgets.wallTimeMs,
    wallTimeUsedMs: worked,
    pollMs: session.options.controlPollMs,
    readControl: session.readControl,
  });
  let outcome: StepOutcome | null = null;
  let thrown: unknown = null;
  try {
    const work = runHandler(stepContext(session, step, stepRun, guard, presetInput));
    // A handler abandoned after a stop may still fail later; that failure has nowhere to go.
    work.catch(() => {});
    outcome = await Promise.race([work, guard.whenStopped()]);
  } catch (error) {
    thrown = error;
  } finally {
    guard.dispose();
  }
  if (stopsRun(thrown)) throw thrown;
  if (guard.pauseRequested) session.requests.pause = true;

  const stopped = guard.stopped;
  if (stopped && outcome?.status === "succeeded") {
    // The call finished as the stop came: keep its result; a cancel then ends the run before the next step.
    if (stopped.kind === "cancel") session.requests.cancel = true;
  } else if (stopped) {
    if (stopped.kind === "shutdown") return "running";
    // The run's cancel ends it; a stage cancel skips the stage, this step with it, and the run goes on.
    if (stopped.kind === "cancel") return honourCancel(session.transitions, stepRun);
    return budgetExceeded(session.transitions, stopped.error, stepRun);
  }
  if (thrown instanceof BudgetExceededError) return budgetExceeded(session.transitions, thrown, stepRun);
  if (thrown) outcome = { status: "failed", error: errorMessage(thrown) };
  return settle(session, step, stepRun, outcome!);
}

/** Commits a step's outcome; returns the run's status when the run stops, or null to go on. */
export async function settle(
  session: StepSession,
  step: Step,
  stepRun: StepRunSnapshot,
  outcome: StepOutcome,
): Promise<RunStatus | null> {
  const { writer, clock } = session;
  const now = clock.now();
  const at = new Date(now);
  const ref = { id: stepRun.id, stepId: stepRun.stepId, iteration: stepRun.iteration };
  switch (outcome.status) {
    case "failed":
      return failRun(session.transitions, outcome.error, stepRun, [], outcome.input);
    case "finish":
      return finishRun(session.transitions, step, stepRun);
    case "waiting": {
      const change: RunChange = {
        run: { status: "waiting" },
        steps: [{ ...ref, state: "waiting", ...(outcome.input !== undefined ? { input: outcome.input } : {}) }],
      };
      const reason =
        outcome.for === "person"
          ? `Waiting for an operator at "${step.name}".`
          : `Waiting for a sub-routine at "${step.name}".`;
      await writer.commit(change, [
        {
          type: "step.waiting",
          data: {
            ...stepRef(stepRun),
            for: outcome.for,
            ...(outcome.instruction ? { instruction: outcome.instruction } : {}),
            ...(outcome.childRunId ? { childRunId: outcome.childRunId } : {}),
          },
        },
        { type: "run.status", data: { status: "waiting", reason } },
      ]);
      if (outcome.for !== "subroutine") return "waiting";
      // A sub-routine may have finished already (a fast child, a restart): look once before sleeping on it.
      return resumeWaiting(session, step, stepRun);
    }
    case "succeeded": {
      const events: RunEventInput[] = [];
      let outputs = outcome.outputs;
      let variables: RunChange["variables"] = [];
      let outputRef: string | null = null;
      if (hasCapability(step, "choosesWay")) {
        const choice = outputs as BranchChoice;
        events.push({
          type: "branch.taken",
          data: { stepId: step.id, edgeId: choice.edgeId, label: choice.label, by: choice.by },
        });
        events.push(...skippedByChoice(session, step.id, choice.edgeId));
      } else {
        const held = holdLargeOutputs(
          {
            stepId: step.id,
            ...(callsTool(step) ? { tool: step.tool.name } : {}),
            input: outcome.input ?? stepRun.input,
          },
          outputs,
          variableKeys(writer.snapshot),
          session.options.variableThresholdBytes,
        );
        outputs = held.outputs;
        variables = held.variables;
        outputRef = held.outputRef;
        events.push(...held.events);
      }
      const shown = outputRef ? { variableKey: outputRef, preview: preview(outputs) } : {};
      const origin = outcome.origin ? { origin: outcome.origin } : {};
      events.push({ type: "step.output", data: { ...stepRef(stepRun), output: outputs, ...shown, ...origin } });
      events.push({ type: "step.succeeded", data: { ...stepRef(stepRun), durationMs: durationOf(stepRun, now) } });
      const input = outcome.input !== undefined ? { input: outcome.input } : {};
      await writer.commit(
        {
          steps: [{ ...ref, state: "succeeded", output: outputs, outputRef, error: null, finishedAt: at, ...input }],
          variables,
        },
        events,
      );
      return null;
    }
  }
}

/**
 * A step that waits: asks its handler whether the wait is over (a sub-routine finished) and settles it if so.
 * A step waiting for a person stays waiting until the server records the decision.
 */
export async function resumeWaiting(
  session: StepSession,
  step: Step,
  stepRun: StepRunSnapshot,
): Promise<RunStatus | null> {
  const guard = new StepGuard({
    clock: session.clock,
    outer: session.signal,
    stepTimeoutMs: session.writer.snapshot.budgets.stepTimeoutMs,
    wallTimeLeftMs: Number.MAX_SAFE_INTEGER,
    wallTimeLimitMs: session.writer.snapshot.budgets.wallTimeMs,
    wallTimeUsedMs: 0,
    pollMs: 0,
    readControl: session.readControl,
  });
  let outcome: StepOutcome | null;
  try {
    outcome = await resumeHandler(stepContext(session, step, stepRun, guard, stepRun.input));
  } catch (error) {
    if (stopsRun(error)) throw error;
    outcome = { status: "failed", error: errorMessage(error) };
  } finally {
    guard.dispose();
  }
  if (!outcome) return markWaiting(session.transitions, `Waiting at "${step.name}".`);
  if (session.writer.snapshot.status !== "running") {
    await session.writer.commit({ run: { status: "running" } }, [
      { type: "run.status", data: { status: "running", reason: `"${step.name}" is no longer waiting.` } },
    ]);
  }
  return settle(session, step, stepRun, outcome);
}
