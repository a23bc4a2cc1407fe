import type {
  OptimizeEvent,
  OptimizeFailureCode,
  OptimizeRefusalBody,
  PlannerPhase,
  RemainingIssue,
} from "@/lib/planner/contract";

type DoneEvent = Extract<OptimizeEvent, { phase: "done" }>;
export type RunningPhase = Exclude<PlannerPhase, "done" | "failed">;

/** Why a run ended without a new version, as the dialog tells it apart. */
export type FailureKind = OptimizeFailureCode | "not_configured" | "refused" | "network" | "cancelled";

export type OptimizeState =
  | { status: "idle" }
  | { status: "running"; phase: RunningPhase; message: string; percent: number; attempt: number; seen: RunningPhase[] }
  | { status: "done"; result: DoneEvent; seen: RunningPhase[] }
  | { status: "failed"; kind: FailureKind; message: string; issues: RemainingIssue[]; seen: RunningPhase[] };

export type OptimizeFailure = { kind: FailureKind; message: string };

/** The dialog as the request leaves, before the server answers. */
export const OPTIMIZE_SENT: OptimizeState = {
  status: "running",
  phase: "planning",
  message: "Sending the draft to the planner…",
  percent: 2,
  attempt: 1,
  seen: [],
};

const CANCELLED: OptimizeFailure = { kind: "cancelled", message: "Cancelled. Nothing was saved." };
const UNREACHABLE: OptimizeFailure = {
  kind: "network",
  message: "The server could not be reached. Check your connection and try again; nothing was saved.",
};
const LOST: OptimizeFailure = {
  kind: "network",
  message:
    "The connection to the server broke before the planner finished. Reload the page to see whether a new version was saved.",
};

/**
 * The dialog after one line of the progress stream, given the phases seen before it: a phase joins `seen` when it
 * differs from the last one (a repair loop shows validating and repairing again); `done` and `failed` end the run.
 */
export function afterOptimizeEvent(event: OptimizeEvent, seen: readonly RunningPhase[]): OptimizeState {
  if (event.phase === "done") return { status: "done", result: event, seen: [...seen] };
  if (event.phase === "failed")
    return { status: "failed", kind: event.code, message: event.message, issues: event.issues ?? [], seen: [...seen] };
  const phases = seen.at(-1) === event.phase ? [...seen] : [...seen, event.phase];
  return {
    status: "running",
    phase: event.phase,
    message: event.message,
    percent: event.percent,
    attempt: event.attempt,
    seen: phases,
  };
}

/** Why the server turned the request down before streaming: its own code and words, else the HTTP status. */
export function refusal(status: number, body: OptimizeRefusalBody | null): OptimizeFailure {
  return {
    kind: body?.code ?? "refused",
    message: body?.error ?? `The server refused the request (HTTP ${status}). Nothing was saved.`,
  };
}

/**
 * Why the request ended without an answer: the person cancelled it (an abort), the server was never reached, or the
 * stream broke before its last line (a version may have been saved all the same).
 */
export function interruption(aborted: boolean, stage: "connecting" | "streaming"): OptimizeFailure {
  if (aborted) return CANCELLED;
  return stage === "connecting" ? UNREACHABLE : LOST;
}
