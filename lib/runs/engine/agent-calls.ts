import type { RunEventInput, RunStatus } from "../../events";
import type { ToolCall } from "../../llm";
import { callsTool, type JsonValue, type StepWithTool, type ToolRef } from "../../routine";
import { fitsBindings, holdToBindings } from "./agent-bindings";
import { AGENT_CALL_PREFIX, branchArmsOf, branchChoice, mapCallToStep, takenWay } from "./agent-mapping";
import { toolErrorText, toolResultText } from "./agent-conversation";
import { activeMs, BudgetExceededError } from "./budgets";
import { errorMessage } from "./errors";
import { parseArguments } from "./kinds/tool/tool-calls";
import { fillOutputs, toJsonValue } from "./outputs";
import type { ExecutionPlan } from "./execution-plan";
import { stopsRun, type StepRunSnapshot, type ToolOutcome } from "./ports";
import { nextIteration } from "./position";
import { progressEvent, progressItems } from "./progress";
import { budgetExceeded, cancelRun, durationOf } from "./run-transitions";
import { stepRef } from "./run-writer";
import { skippedByChoice, type StepSession } from "./step-execution";
import { StepGuard } from "./step-guard";
import type { ToolNames } from "./tool-names";
import { strayKeysProblem } from "./values";
import { holdLargeOutputs, preview, variableKeys } from "./variables";

/**
 * Whether the engine holds an agent's calls to the routine's bindings: in the product's agent mode (the whole routine
 * in the prompt). The ablated and no-routine variants exist only as evaluation configurations, which run in the
 * sandbox (no live write), and measure the model without the routine: filling in or enforcing the routine's values
 * there would hand the baseline what the routine knows.
 */
const honoursBindings = (execution: ExecutionPlan): boolean =>
  execution.mode === "agent" && execution.routine === "full";

/** What became of one accepted call: the tool message for the model, or the run's status when the run stops. */
export type CallResult = { stop: RunStatus } | { message: string };

/**
 * Where a call that serves no routine step is recorded (a planned run's task call, `t3-c2`), and the variable keys
 * it may pass on. Without a target a call is mapped to the routine step it serves, or recorded as `call:<name>`.
 */
export type CallTarget = { stepId: string; scope: ReadonlySet<string> };

/** A step's number in the run's list of step runs, zero-padded so ids sort in the order the steps ran. */
function newStepRunId(session: StepSession): string {
  const { snapshot } = session.writer;
  return `${snapshot.id}.${String(snapshot.steps.length + 1).padStart(5, "0")}`;
}

/** A guard for one model turn or tool call: its timeout, the wall time left, cancel and pause. */
export function agentGuard(session: StepSession, extraMs: number, stepTimeoutMs?: number): StepGuard {
  const { budgets } = session.writer.snapshot;
  const worked = activeMs(session.writer.snapshot, session.index) + extraMs;
  return new StepGuard({
    clock: session.clock,
    outer: session.signal,
    stepTimeoutMs: stepTimeoutMs ?? budgets.stepTimeoutMs,
    wallTimeLeftMs: Math.max(0, budgets.wallTimeMs - worked),
    wallTimeLimitMs: budgets.wallTimeMs,
    wallTimeUsedMs: worked,
    pollMs: session.options.controlPollMs,
    readControl: session.readControl,
  });
}

/**
 * Commits an accepted call as a step run of `step`, the routine step it serves (null: `call:<name>`, or the target's
 * step id), marking the branch it lies in as taken by the model first, then sends it. `args` are the model's
 * arguments (variable keys as keys), with the arguments the step fixes filled in.
 */
export async function runAcceptedCall(
  session: StepSession,
  tool: ToolRef,
  functionName: string,
  args: Record<string, JsonValue>,
  extraMs: number,
  step: StepWithTool | null,
  target?: CallTarget,
): Promise<CallResult> {
  const { writer, index, clock } = session;
  if (step) await takeBranches(session, step.id);
  const snapshot = writer.snapshot;
  const stepId = target?.stepId ?? step?.id ?? `${AGENT_CALL_PREFIX}${functionName}`;
  const id = newStepRunId(session);
  const iteration = nextIteration(snapshot, stepId);
  const fields = { id, stepId, iteration };
  await writer.commit(
    {
      run: { stepsExecuted: snapshot.stepsExecuted + 1 },
      steps: [
        { ...fields, state: "running", attempt: 1, startedAt: new Date(clock.now()), input: args, tool: { ...tool } },
      ],
    },
    [
      { type: "step.started", data: { stepRunId: id, stepId, iteration, attempt: 1 } },
      {
        type: "step.tool_call",
        data: { ...stepRef(fields), server: tool.server, tool: tool.name, arguments: args, byModel: true },
      },
      progressEvent(progressItems(index.routine, writer.snapshot, step?.id ?? null)),
    ],
  );
  return sendCall(session, writer.stepRun(id), tool, step, extraMs, target?.scope);
}

/**
 * One tool call of an answer: refused (with an agent.call_refused event and the reason back, never run), or run.
 * With a target, the call is recorded as the target's step run and may pass only the target's variable keys.
 */
export async function handleModelCall(
  session: StepSession,
  names: ToolNames,
  turn: number,
  call: ToolCall,
  modelMs: number,
  target?: CallTarget & { offer: string },
): Promise<CallResult> {
  const tool = names.toolOf(call.name);
  const refuse = async (reason: string): Promise<CallResult> => {
    await session.writer.commit({}, [{ type: "agent.call_refused", data: { turn, tool: call.name, reason } }]);
    return { message: `Refused, not run: ${reason}` };
  };
  if (!tool) return refuse(`${call.name} is not one of the tools offered ${target?.offer ?? "for this run"}.`);
  const parsed = parseArguments(call.arguments);
  if (!parsed.ok) return refuse(`Invalid arguments for ${call.name}: ${parsed.problem}.`);
  // The step the call serves (preferring one whose fixed arguments it keeps), whose bindings it must honour.
  const { inputs } = session.writer.snapshot;
  const step = target
    ? null
    : mapCallToStep(session.writer.snapshot, session.index, tool, (candidate) =>
        fitsBindings(candidate, inputs, parsed.value),
      );
  const held =
    step && honoursBindings(session.writer.snapshot.execution)
      ? holdToBindings(step, inputs, call.name, parsed.value)
      : { ok: true as const, args: parsed.value };
  if (!held.ok) return refuse(held.reason);
  const { args } = held;
  // Keys pass only into the step the call serves, as that step's bindings name them (values.ts, scopeOf).
  const scope = target?.scope ?? session.values.scopeOf(step?.inputs ?? {});
  const stray = session.values.strayKeys(args, scope);
  if (stray.length > 0) return refuse(`${call.name} was not run: ${strayKeysProblem(stray)}.`);
  let problems: string[];
  try {
    const expanded = await session.values.expand(args, scope);
    problems = await session.tools.checkArguments(tool, expanded as Record<string, never>);
  } catch (error) {
    if (stopsRun(error)) throw error;
    problems = [errorMessage(error)];
  }
  if (problems.length > 0) return refuse(`Invalid arguments for ${call.name}: ${problems.join("; ")}.`);
  const { budgets, stepsExecuted } = session.writer.snapshot;
  if (stepsExecuted >= budgets.maxSteps)
    return {
      stop: await budgetExceeded(
        session.transitions,
        new BudgetExceededError("steps", budgets.maxSteps, stepsExecuted),
      ),
    };
  return runAcceptedCall(session, tool, call.name, args, modelMs, step, target);
}

/** Sends a call left running by a stopped worker again, as a new attempt with the same idempotency key. */
export async function resendCall(
  session: StepSession,
  stepRun: StepRunSnapshot,
  tool: ToolRef,
  extraMs: number,
  scope?: ReadonlySet<string>,
): Promise<CallResult> {
  const attempt = stepRun.attempt + 1;
  await session.writer.commit(
    { steps: [{ ...ref(stepRun), state: "running", attempt, startedAt: new Date(session.clock.now()), error: null }] },
    [{ type: "step.started", data: { ...stepRef(stepRun), attempt, input: stepRun.input } }],
  );
  const step = session.index.step(stepRun.stepId);
  return sendCall(session, stepRun, tool, step && callsTool(step) ? step : null, extraMs, scope);
}

/** Each branch whose arm holds the step and that has not been taken yet: a succeeded branch step run, by the model. */
async function takeBranches(session: StepSession, stepId: string): Promise<void> {
  const { writer, clock } = session;
  for (const { branch, edge } of branchArmsOf(session.index, stepId)) {
    if (takenWay(writer.snapshot, branch.id) !== undefined) continue;
    const id = newStepRunId(session);
    const fields = { id, stepId: branch.id, iteration: nextIteration(writer.snapshot, branch.id) };
    const choice = branchChoice(edge);
    const at = new Date(clock.now());
    await writer.commit(
      { steps: [{ ...fields, state: "succeeded", attempt: 1, startedAt: at, finishedAt: at, output: choice }] },
      [
        { type: "step.started", data: { ...stepRef(fields), attempt: 1 } },
        { type: "branch.taken", data: { stepId: branch.id, edgeId: choice.edgeId, label: choice.label, by: "model" } },
        ...skippedByChoice(session, branch.id, choice.edgeId),
        { type: "step.output", data: { ...stepRef(fields), output: choice } },
        { type: "step.succeeded", data: { ...stepRef(fields), durationMs: 0 } },
      ],
    );
  }
}

async function sendCall(
  session: StepSession,
  stepRun: StepRunSnapshot,
  tool: ToolRef,
  step: StepWithTool | null,
  extraMs: number,
  targetScope?: ReadonlySet<string>,
): Promise<CallResult> {
  const { writer } = session;
  const args = stepRun.input as Record<string, JsonValue>;
  const guard = agentGuard(session, extraMs, step?.timeoutMs);
  let outcome: ToolOutcome;
  try {
    const scope = targetScope ?? session.values.scopeOf(step?.inputs ?? {});
    const expanded = (await session.values.expand(args, scope)) as Record<string, JsonValue>;
    const work = session.tools.call(tool, expanded, {
      idempotencyKey: `${writer.snapshot.id}:${stepRun.id}`,
      timeoutMs: Math.max(1, guard.timeLeft()),
      signal: guard.signal,
      runId: writer.snapshot.id,
      stepId: stepRun.stepId,
    });
    work.catch(() => {});
    outcome = await Promise.race([work, guard.whenStopped()]);
  } catch (error) {
    if (stopsRun(error)) throw error;
    outcome = { ok: false, error: errorMessage(error), retryable: false };
  } finally {
    guard.dispose();
  }
  if (guard.pauseRequested) session.requests.pause = true;
  const stopped = guard.stopped;
  if (stopped && outcome.ok) {
    if (stopped.kind === "cancel") session.requests.cancel = true;
  } else if (stopped) {
    if (stopped.kind === "shutdown") return { stop: "running" };
    if (stopped.kind === "cancel") return { stop: await cancelRun(session.transitions, stepRun) };
    return { stop: await budgetExceeded(session.transitions, stopped.error, stepRun) };
  }
  return settleCall(session, stepRun, tool, step, outcome);
}

/** Commits the call's outcome; a tool's error fails the step run, not the run: the model reads it and goes on. */
async function settleCall(
  session: StepSession,
  stepRun: StepRunSnapshot,
  tool: ToolRef,
  step: StepWithTool | null,
  outcome: ToolOutcome,
): Promise<CallResult> {
  const { writer, clock, index } = session;
  const now = clock.now();
  const at = new Date(now);
  if (!outcome.ok) {
    const error = `${tool.server}/${tool.name} failed: ${outcome.error}`;
    await writer.commit({ steps: [{ ...ref(stepRun), state: "failed", error, finishedAt: at }] }, [
      { type: "step.failed", data: { ...stepRef(stepRun), error, durationMs: durationOf(stepRun, now) } },
    ]);
    return { message: toolErrorText(error) };
  }
  const value = toJsonValue(outcome.value, outcome.text ?? "");
  const held = holdLargeOutputs(
    { stepId: stepRun.stepId, tool: tool.name, input: stepRun.input },
    fillOutputs(step?.outputs ?? [], value),
    variableKeys(writer.snapshot),
    session.options.variableThresholdBytes,
  );
  const { variables } = held;
  const events: RunEventInput[] = [...held.events];
  const shown = held.outputRef ? { variableKey: held.outputRef, preview: preview(held.outputs) } : {};
  const origin = outcome.origin ? { origin: outcome.origin } : {};
  events.push(
    { type: "step.output", data: { ...stepRef(stepRun), output: held.outputs, ...shown, ...origin } },
    { type: "step.succeeded", data: { ...stepRef(stepRun), durationMs: durationOf(stepRun, now) } },
  );
  const afterwards = {
    ...writer.snapshot,
    steps: writer.snapshot.steps.map((run) => (run.id === stepRun.id ? { ...run, state: "succeeded" as const } : run)),
  };
  events.push(progressEvent(progressItems(index.routine, afterwards, null)));
  await writer.commit(
    {
      steps: [
        {
          ...ref(stepRun),
          state: "succeeded",
          output: held.outputs,
          outputRef: held.outputRef,
          error: null,
          finishedAt: at,
        },
      ],
      variables,
    },
    events,
  );
  return { message: toolResultText(held.outputs) };
}

function ref(run: StepRunSnapshot) {
  return { id: run.id, stepId: run.stepId, iteration: run.iteration };
}
