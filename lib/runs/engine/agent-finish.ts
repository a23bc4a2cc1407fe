import type { RunEventInput, RunStatus } from "../../events";
import { hasCapability } from "../../routine";
import { agentModeOf } from "./kinds";
import type { RunChange } from "./ports";
import { progressEvent, progressItems } from "./progress";
import type { TransitionContext } from "./run-transitions";

/**
 * Ends an agent run as succeeded when the model answers without a call: its answer is the run's outputs
 * (`{ answer }`), and every routine step no call stood for is marked skipped, in one commit.
 */
export async function finishAgentRun(ctx: TransitionContext, answer: string): Promise<RunStatus> {
  const { writer, index } = ctx;
  const snapshot = writer.snapshot;
  const now = ctx.now();
  const outputs = { answer };
  const change: RunChange = {
    run: { status: "succeeded", outputs, finishedAt: new Date(now), error: null, control: null },
    steps: [],
  };
  const events: RunEventInput[] = [];
  const reached = new Set(snapshot.steps.map((run) => run.stepId));
  const end = endReached(ctx);
  if (end) {
    // The routine's end the agent's last step leads to: reached, as a workflow run would show it.
    const ref = { stepRunId: `${snapshot.id}.end.${end}`, stepId: end, iteration: 1 };
    const at = new Date(now);
    change.steps!.push({
      id: ref.stepRunId,
      stepId: end,
      iteration: 1,
      state: "succeeded",
      attempt: 1,
      startedAt: at,
      finishedAt: at,
    });
    events.push({ type: "step.started", data: { ...ref, attempt: 1 } });
    events.push({ type: "step.succeeded", data: { ...ref, durationMs: 0 } });
    reached.add(end);
  }
  for (const step of index.routine.steps) {
    if (reached.has(step.id)) continue;
    reached.add(step.id);
    change.steps!.push({ id: `${snapshot.id}.skip.${step.id}`, stepId: step.id, iteration: 1, state: "skipped" });
    events.push({ type: "step.skipped", data: { stepId: step.id, reason: agentModeOf(step).skippedReason } });
  }
  events.push(progressEvent(progressItems(index.routine, snapshot, null)));
  events.push({
    type: "run.finished",
    data: {
      status: "succeeded",
      outputs,
      durationMs: Math.max(0, now - (snapshot.startedAt?.getTime() ?? now)),
      inputTokens: snapshot.inputTokens,
      outputTokens: snapshot.outputTokens,
    },
  });
  await writer.commit(change, events);
  return "succeeded";
}

/**
 * The end step the last succeeded routine step leads to along its only way on, past steps the agent's answer does
 * (no branch to choose, no tool step skipped), or null: a run whose last call stops short of the end, or before a
 * branch, reaches no end.
 */
function endReached({ writer, index }: TransitionContext): string | null {
  const last = [...writer.snapshot.steps]
    .reverse()
    .find((run) => run.state === "succeeded" && index.step(run.stepId) !== undefined);
  if (!last) return null;
  const seen = new Set<string>();
  let at = last.stepId;
  for (;;) {
    const next = index.outgoing(at);
    if (next.length !== 1 || seen.has(at)) return null;
    seen.add(at);
    const step = index.step(next[0].target);
    if (!step) return null;
    if (hasCapability(step, "endsRun")) return step.id;
    if (!agentModeOf(step).answerDoesStep) return null;
    at = step.id;
  }
}
