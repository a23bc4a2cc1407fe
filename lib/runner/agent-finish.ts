import type { RunEventInput, RunStatus } from "../events";
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
  for (const step of index.routine.steps) {
    if (reached.has(step.id)) continue;
    reached.add(step.id);
    change.steps!.push({ id: `${snapshot.id}.skip.${step.id}`, stepId: step.id, iteration: 1, state: "skipped" });
    const reason =
      step.kind === "tool" ? "The agent made no call for this step." : "Agent mode: no tool call stands for this step.";
    events.push({ type: "step.skipped", data: { stepId: step.id, reason } });
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
