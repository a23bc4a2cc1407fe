import "server-only";
import type { Viewer } from "../../access";
import { isReadable, runEventBus, type RunEvent } from "../../events";
import { progressMessage, type RunResult } from "../../mcp-publishing";
import { controlRun, decideHumanStep, getRun, listRunEvents, type RunView } from "../../runs/operations";
import { elicitationFor, waitingStepOf } from "./waiting-step";

/** How long a follower waits for news of a run before it reads the tables anyway (a missed relay, a slow worker). */
const POLL_MS = 1_000;
const PAGE = 500;
/** How long a person may take to answer an elicitation before the call returns with the run waiting. */
export const ELICITATION_TIMEOUT_MS = 15 * 60_000;

export type RunFollower = {
  viewer: () => Viewer;
  runId: string;
  link: string;
  signal: AbortSignal;
  /** Sends one progress notification; absent when the client sent no progress token. */
  progress?: (progress: number, message: string) => Promise<void>;
  /** Asks the caller through elicitation; absent when the client did not declare it. */
  elicit?: (
    request: NonNullable<ReturnType<typeof elicitationFor>>,
  ) => Promise<{ action: string; content?: Record<string, unknown> }>;
};

const STEP_STATES: Partial<Record<RunEvent["type"], string>> = {
  "step.started": "running",
  "step.waiting": "waiting",
  "step.succeeded": "succeeded",
  "step.failed": "failed",
  "step.skipped": "skipped",
  "step.cancelled": "cancelled",
};

/** Resolves after `ms`, at the run's next event, or when the call is cancelled, whichever comes first. */
function nextNews(runId: string, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = runEventBus.subscribe(runId, done);
    signal.addEventListener("abort", done, { once: true });
  });
}

/** The run as a call answers it. */
export function resultOf(run: RunView, link: string): RunResult {
  const waiting = run.status === "waiting" ? waitingStepOf(run) : null;
  return {
    runId: run.id,
    status: run.status,
    routine: run.routineName ?? run.routine.name,
    outputs: run.outputs,
    error: run.error,
    link,
    waitingFor: waiting && {
      stepId: waiting.stepId,
      stepName: waiting.stepName,
      kind: waiting.kind,
      instruction: waiting.instruction,
      fields: waiting.fields,
    },
  };
}

/**
 * Follows a run started by a tool call until the call can answer: each step's start, wait and end as a progress
 * notification ("Step 2 of 5 · Check balance · succeeded"), then the finished run. A run that waits for a person is
 * asked about through elicitation when the client offers it (the answer decided through decideHumanStep, the same
 * gate as the run page's), else the call returns at once with the run waiting. A paused run returns as paused. A
 * cancelled call cancels the run.
 */
export async function followRun(follower: RunFollower): Promise<RunView> {
  const { runId, signal } = follower;
  let afterSeq = 0;
  let reported = 0;
  const reached: string[] = [];
  const asked = new Set<string>();
  for (;;) {
    if (signal.aborted) {
      await controlRun(follower.viewer(), { runId, action: "cancel" }).catch(() => undefined);
      return getRun(follower.viewer(), runId);
    }
    const events = await listRunEvents(follower.viewer(), { runId, afterSeq, limit: PAGE });
    let run: RunView | null = null;
    for (const stored of events) {
      afterSeq = stored.seq;
      if (!isReadable(stored)) continue;
      const state = STEP_STATES[stored.type];
      if (!state || !follower.progress) continue;
      const stepId = (stored.data as { stepId: string }).stepId;
      if (!reached.includes(stepId)) reached.push(stepId);
      run ??= await getRun(follower.viewer(), runId);
      const step = run.routine.steps.find((candidate) => candidate.id === stepId);
      const total = Math.max(run.routine.steps.length, reached.length);
      reported += 1;
      await follower.progress(
        reported,
        progressMessage({ position: reached.indexOf(stepId) + 1, total, name: step?.name ?? stepId, state }),
      );
    }
    if (events.length === PAGE) continue;
    run = await getRun(follower.viewer(), runId);
    if (["succeeded", "failed", "cancelled", "paused"].includes(run.status)) return run;
    if (run.status === "waiting") {
      const waiting = waitingStepOf(run);
      if (!waiting || asked.has(waiting.stepRunId)) return run;
      asked.add(waiting.stepRunId);
      const request = follower.elicit && elicitationFor(waiting);
      if (request && (await askAndDecide(follower, waiting.stepRunId, waiting.kind, request))) continue;
      // A call cancelled while its caller was asked cancels the run (top of the loop); otherwise the run waits.
      if (signal.aborted) continue;
      return run;
    }
    await nextNews(runId, POLL_MS, signal);
  }
}

/**
 * Asks the caller about a waiting step and decides it with their answer. Declining rejects the step; an approval
 * form's "no" rejects it too. Cancelling, a timeout, or a form answer the step refuses (ValidationError) leaves the
 * step waiting and answers false: the call returns with the run waiting, to be decided on its page.
 */
async function askAndDecide(
  follower: RunFollower,
  stepRunId: string,
  kind: string,
  request: NonNullable<ReturnType<typeof elicitationFor>>,
): Promise<boolean> {
  let answer: { action: string; content?: Record<string, unknown> };
  try {
    answer = await follower.elicit!(request);
  } catch {
    return false;
  }
  if (answer.action === "cancel") return false;
  const viewer = follower.viewer();
  const by = "through MCP";
  const content = answer.content ?? {};
  const approve = answer.action === "accept" && (kind === "form" || content.approve === true);
  const comment =
    typeof content.comment === "string" && content.comment.trim() ? content.comment.trim() : `Decided ${by}.`;
  try {
    await decideHumanStep(viewer, {
      runId: follower.runId,
      stepRunId,
      decision: approve ? "approve" : "reject",
      comment: answer.action === "decline" ? `Declined ${by}.` : comment,
      ...(approve && kind === "form" ? { values: content } : {}),
    });
    return true;
  } catch {
    return false;
  }
}
