import type { PlanState, RunEvent, RunEventInput, RunStatus, StepState, ToolAnswerOrigin } from "../../events";
import type { ChatRequest, ChatResult } from "../../llm";
import type { JsonValue, Routine, ToolDefinition, ToolRef } from "../../routine";
import type { StepApproval } from "./approvals";
import type { ExecutionPlan } from "./execution-plan";

/**
 * What the engine needs from the world, as interfaces: persistence (RunStore), tools (ToolPort), the executor model
 * (ModelPort), listeners (EventSink) and time (Clock). lib/db implements the store over Prisma, lib/tools the tool
 * port over the MCP gateway, lib/llm the model; tests use in-memory versions. lib/runs/engine imports no Prisma or Next.
 */

/** Limits of one run. A run that reaches one fails with a run.budget_exceeded event. */
export type Budgets = {
  /** Step executions (a step on a loop counts each time). */
  maxSteps: number;
  /** Model tokens, input and output together, over the whole run. */
  maxTokens: number;
  /** From the run's start to its end, not counting time waiting for a person. */
  wallTimeMs: number;
  /** Per step unless the step sets its own `timeoutMs`. */
  stepTimeoutMs: number;
};

/**
 * An operator's request the engine honours between steps (pause) or at once, aborting the step in flight (cancel).
 * "cancel-stage" stops the step in flight too, but skips the stage the run is in (the run's execution plan holds
 * which, and who asked: stage-cancel.ts) instead of cancelling the run.
 */
export type RunControl = "pause" | "cancel" | "cancel-stage" | null;

/** One execution of one step. A step on a loop runs again as a new iteration. */
export type StepRunSnapshot = {
  id: string;
  stepId: string;
  iteration: number;
  state: StepState;
  /** Tries of this execution so far; the tool's idempotency key (`<runId>:<id>`) is the same for all of them. */
  attempt: number;
  /** The resolved input (tool arguments, skill inputs), or an operator's edited input for a re-run. */
  input: JsonValue | null;
  /** The step's outputs by name; a large value appears as `{ "$var": key, "preview": … }` (variable memory). */
  output: JsonValue | null;
  /** The variable key holding the whole output when it was too large to keep inline. */
  outputRef: string | null;
  /** The tool a model's call ran (agent and planned runs), so a call in flight at a restart is sent again to it. */
  tool: ToolRef | null;
  /** An operator's approval of exactly `input` (a tool step that requires one calls only an approved input). */
  approval: StepApproval | null;
  error: string | null;
  inputTokens: number;
  outputTokens: number;
  startedAt: Date | null;
  finishedAt: Date | null;
};

/**
 * An actor profile (Aime's actors, issue #16): a persona for the executor's prompt, the toolkit it may call, and the
 * executor endpoint's model it runs on (null: the configured executor model).
 */
export type ActorProfile = {
  id: string;
  name: string;
  persona: string;
  model: string | null;
  toolkit: { id: string; name: string; tools: ToolRef[] };
};

/** The actor profiles admins defined, for a planned run's planner and actors. */
export interface ActorPort {
  list(): Promise<ActorProfile[]>;
}

/**
 * A run as the engine reads it: the published routine it follows, where it stands, and every step run so far.
 * A planned run follows no routine: its routineId, versionId are "" and versionNumber 0, `routine` is an empty
 * routine, and `plan` holds the planner's progress list.
 */
export type RunSnapshot = {
  id: string;
  routineId: string;
  versionId: string;
  versionNumber: number;
  routine: Routine;
  /** A planned run's progress list; null for a routine run (and for a planned run before its first plan). */
  plan: PlanState | null;
  /** The actor the run works as (the routine's, or the sub-routine step's), resolved when the run was loaded. */
  actor: ActorProfile | null;
  status: RunStatus;
  inputs: Record<string, JsonValue>;
  /** The free-text request the run was started with, if any (the executor may read values from it). */
  request: string | null;
  budgets: Budgets;
  /** How the run executes: the engine walks the routine (workflow), or the executor model drives it (agent). */
  execution: ExecutionPlan;
  /** The routines of `execution.distractorVersionIds`, put beside the real one in an agent's prompt. */
  distractors: Routine[];
  inputTokens: number;
  outputTokens: number;
  stepsExecuted: number;
  startedAt: Date | null;
  control: RunControl;
  parentRunId: string | null;
  parentStepRunId: string | null;
  /** Seq of the newest event; the next commit's events continue from it. */
  lastSeq: number;
  /** Every step run so far, oldest first. */
  steps: StepRunSnapshot[];
};

/** What one engine transition writes. Applied in one transaction together with its events. */
export type RunChange = {
  run?: Partial<
    Pick<RunSnapshot, "status" | "inputTokens" | "outputTokens" | "stepsExecuted" | "startedAt" | "control">
  > & {
    outputs?: Record<string, JsonValue> | null;
    error?: string | null;
    finishedAt?: Date | null;
    /** A planned run's progress list, replaced whole. */
    plan?: PlanState;
    /** The execution plan, replaced whole: operators' stage holds and requests (the engine never writes it). */
    execution?: ExecutionPlan;
  };
  /** Step runs to insert or update, by id. */
  steps?: Array<Partial<StepRunSnapshot> & Pick<StepRunSnapshot, "id" | "stepId" | "iteration">>;
  /** Variable memory entries to add. */
  variables?: Array<{ key: string; stepId: string; value: string }>;
};

/** Thrown by RunStore.commit when this worker no longer holds the run (another worker took it over). */
export class LeaseLostError extends Error {
  constructor(runId: string) {
    super(`This worker no longer holds run ${runId}; another worker took it over.`);
    this.name = "LeaseLostError";
  }
}

/**
 * True for an error that says this worker cannot go on with the run now, not that the step failed: it lost the run
 * (LeaseLostError), or a port's backing service is unavailable for the moment, which the port says by throwing an
 * error with `stopsRun: true` (the run service's DatabaseUnavailableError). The engine lets these through, so the run
 * stays as stored for a worker to resume, instead of failing the step or the run with a message about the database.
 */
export function stopsRun(error: unknown): boolean {
  if (error instanceof LeaseLostError) return true;
  return typeof error === "object" && error !== null && (error as { stopsRun?: unknown }).stopsRun === true;
}

export interface RunStore {
  load(runId: string): Promise<RunSnapshot | null>;
  /**
   * Applies `change` and appends `events` (numbered after lastSeq) in one transaction, and returns the stored
   * events. Nothing is written when it throws.
   */
  commit(runId: string, change: RunChange, events: RunEventInput[]): Promise<RunEvent[]>;
  readVariable(runId: string, key: string): Promise<string | null>;
  /**
   * The operator's pending control request, read between steps and while a step works. Optional: without it the
   * engine reads `load(runId)?.control`, which costs a whole snapshot.
   */
  readControl?(runId: string): Promise<RunControl>;
  /**
   * Queues a child run of the published version of `routineId` for a `routine` step; returns the child's id.
   * Idempotent per parent step run: called again for the same `parent` (after a restart) it returns the same child.
   * `actorId`: the sub-routine step's actor, which the child works as instead of its routine's own.
   */
  startChildRun(
    parent: { runId: string; stepRunId: string },
    routineId: string,
    inputs: Record<string, JsonValue>,
    actorId?: string,
  ): Promise<string>;
  /** Where a child run stands; outputs once it succeeded. */
  childRun(
    childRunId: string,
  ): Promise<{ status: RunStatus; outputs: Record<string, JsonValue> | null; error: string | null } | null>;
}

/**
 * A tool's answer: its structured content (or text parsed as JSON when it is JSON), and its text. `origin` says
 * where the answer came from (the tool, a pinned output, the evaluation sandbox); the engine records it on the
 * call's step.output. A port that leaves it out records none.
 */
export type ToolOutcome =
  | { ok: true; value: JsonValue; text: string; origin?: ToolAnswerOrigin }
  | {
      ok: false;
      error: string;
      /** A timeout or lost connection may succeed when tried again; a tool's own error not. */ retryable: boolean;
    };

export interface ToolPort {
  /** The current definitions of the given tools (input schemas), for prompts and argument checks. */
  describe(tools: ToolRef[]): Promise<ToolDefinition[]>;
  /** Checks arguments against the tool's input schema; returns problems in words, empty when valid. */
  checkArguments(tool: ToolRef, args: Record<string, JsonValue>): Promise<string[]>;
  /** `stepId`: the routine step the call is for (an agent's call that maps to no step: `call:<name>`), for traces. */
  call(
    tool: ToolRef,
    args: Record<string, JsonValue>,
    options: { idempotencyKey: string; timeoutMs: number; signal: AbortSignal; runId: string; stepId?: string },
  ): Promise<ToolOutcome>;
  /** Every tool the registry offers (an agent run without a routine, the paper's baseline, gets them all). */
  catalog?(): Promise<ToolDefinition[]>;
}

/** The executor model (lib/llm's LlmClient fits). */
export interface ModelPort {
  chat(request: ChatRequest): Promise<ChatResult>;
}

/** Told after each commit, so live listeners (SSE) wake up; must not throw. */
export interface EventSink {
  published(runId: string, events: RunEvent[]): void;
}

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}
