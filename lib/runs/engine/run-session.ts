import { isFinished, type RunStatus } from "../../events";
import { renderRoutinePrompt, toolAllowlist, type ToolDefinition } from "../../routine";
import { runAgent } from "./agent-session";
import { runPlanned } from "./planned/planned-session";
import { budgetBeforeStep } from "./budgets";
import type { ResolvedOptions, RunEngineDeps } from "./engine-types";
import type { Clock, RunControl, RunSnapshot } from "./ports";
import { derivePosition } from "./position";
import { indexRoutine } from "./routine-graph";
import { budgetExceeded, cancelRun, failRun, finishRun, pauseRun, type TransitionContext } from "./run-transitions";
import { RunWriter } from "./run-writer";
import { honourCancel } from "./stage-cancel";
import { pauseAtHold } from "./stage-holds";
import { executeStep, resumeWaiting, type StepSession } from "./step-execution";
import { outerIntent } from "./step-guard";
import { createTokenCounter, type TokenCounter } from "../../llm";
import { toolNames } from "./tool-names";
import { RunValues } from "./values";

/** One execute() call on one run: the services its steps share, and the loop that drives the run. */
export function createSession(
  deps: Required<Pick<RunEngineDeps, "store" | "tools" | "model" | "planner">> &
    Pick<RunEngineDeps, "sink" | "actors" | "compressor"> & { clock: Clock },
  options: ResolvedOptions,
  snapshot: RunSnapshot,
  signal: AbortSignal,
  drain?: AbortSignal,
) {
  const writer = new RunWriter(deps.store, deps.sink, snapshot);
  const index = indexRoutine(snapshot.routine);
  const allowlist = toolAllowlist(snapshot.routine);
  let definitions: Promise<ToolDefinition[]> | undefined;
  let routineText: string | undefined;
  let counter: Promise<TokenCounter> | undefined;
  const transitions: TransitionContext = {
    writer,
    index,
    now: () => deps.clock.now(),
    reload: () => deps.store.load(snapshot.id),
    signal,
  };

  const readControl = async (): Promise<RunControl> => {
    if (deps.store.readControl) return deps.store.readControl(snapshot.id);
    return (await deps.store.load(snapshot.id))?.control ?? null;
  };

  const session: StepSession = {
    writer,
    index,
    store: deps.store,
    tools: deps.tools,
    model: deps.model,
    compressor: deps.compressor ?? null,
    clock: deps.clock,
    values: new RunValues(deps.store, () => writer.snapshot),
    options,
    allowlist,
    toolNames: toolNames(allowlist),
    describeTools: () => {
      definitions ??= deps.tools.describe(allowlist).catch((error: unknown) => {
        definitions = undefined;
        throw error;
      });
      return definitions;
    },
    routineText: () => (routineText ??= renderRoutinePrompt(snapshot.routine, { variant: "full" })),
    tokenCounter: () => (counter ??= options.countTokens ? Promise.resolve(options.countTokens) : createTokenCounter()),
    transitions,
    signal,
    readControl,
    requests: { pause: false, cancel: false },
  };

  /**
   * What the operator or the worker asks for now: read before every step (and agent turn, planner round). A drain
   * is honoured here only, never inside a step, so the step in flight commits first; an operator's pause or cancel
   * still wins over it, since they write the state the operator asked for.
   */
  async function intent(): Promise<"cancel" | "pause" | "shutdown" | null> {
    const outer = outerIntent(signal);
    if (outer === "cancel" || outer === "shutdown") return outer;
    if (session.requests.cancel) return "cancel";
    const control = await readControl();
    if (control === "cancel" || control === "cancel-stage") return "cancel";
    if (outer === "pause" || session.requests.pause || control === "pause") return "pause";
    return drain?.aborted ? "shutdown" : null;
  }

  /** Moves the run to `running` with the event that says why, before it does any work. */
  async function ensureRunning(): Promise<void> {
    const current = writer.snapshot;
    if (current.status === "running") return;
    const startedAt = current.startedAt ?? new Date(deps.clock.now());
    if (current.status === "queued" && current.steps.length === 0) {
      await writer.commit({ run: { status: "running", startedAt } }, [
        { type: "run.started", data: { resumed: false } },
      ]);
      return;
    }
    const reason =
      current.status === "paused"
        ? "Resumed after a pause."
        : current.status === "waiting"
          ? "The wait is over."
          : "Resumed.";
    await writer.commit({ run: { status: "running", startedAt } }, [
      { type: "run.status", data: { status: "running", reason } },
    ]);
  }

  async function run(): Promise<RunStatus> {
    if (writer.snapshot.status === "running") {
      // Left running by a worker that stopped: say so, then carry on from the stored position.
      await writer.commit({}, [{ type: "run.started", data: { resumed: true } }]);
    }
    const execution = writer.snapshot.execution;
    if (execution?.mode === "agent") return runAgent({ session, intent, ensureRunning }, execution);
    if (execution?.mode === "planned")
      return runPlanned({ session, intent, ensureRunning, planner: deps.planner, actors: deps.actors }, execution);
    for (;;) {
      const status = writer.snapshot.status;
      if (isFinished(status)) return status;
      const wanted = await intent();
      if (wanted === "shutdown") return status;
      if (wanted === "cancel") {
        // A stage cancel skips the stage and the run goes on; the run's own cancel ends it.
        const cancelled = await honourCancel(transitions);
        if (cancelled !== null) return cancelled;
        session.requests.cancel = false;
        continue;
      }
      if (wanted === "pause") return status === "paused" ? status : pauseRun(transitions);

      const position = derivePosition(writer.snapshot, index);
      let result: RunStatus | null;
      switch (position.kind) {
        case "done":
          await ensureRunning();
          return finishRun(transitions, position.endStep);
        case "failed":
          return failRun(transitions, position.error, position.stepRun ?? undefined);
        case "cancelled":
          return cancelRun(transitions, position.stepRun);
        case "waiting":
          result = await resumeWaiting(session, position.step, position.stepRun);
          break;
        case "next":
        case "again": {
          const held = position.kind === "next" ? await pauseAtHold(transitions, position) : null;
          if (held) return held;
          await ensureRunning();
          const over = budgetBeforeStep(writer.snapshot, index, position.kind === "next");
          if (over) return budgetExceeded(transitions, over, position.kind === "again" ? position.stepRun : undefined);
          result = await executeStep(session, position);
          break;
        }
      }
      if (result !== null) return result;
    }
  }

  return { run };
}
