import type { RunEventInput, ToolAnswerOrigin } from "../../../events";
import type { ChatRequest, ChatResult, ToolSpec } from "../../../llm";
import type { JsonValue, Step, StepKind, StepOf, ToolDefinition, ToolRef } from "../../../routine";
import type { Clock, RunSnapshot, RunStore, StepRunSnapshot, ToolPort } from "../ports";
import type { RoutineIndex } from "../routine-graph";
import type { ToolNames } from "../tool-names";
import type { RunValues } from "../values";

/** How a step's handler ended it. The engine turns each into one commit (state, outputs, events). */
export type StepOutcome =
  /**
   * `input`, when given, is kept on the step run: what the step worked from (a skill's resolved inputs). `origin`:
   * where a tool step's answer came from, recorded on its step.output.
   */
  | { status: "succeeded"; outputs: Record<string, JsonValue>; input?: JsonValue; origin?: ToolAnswerOrigin }
  | { status: "failed"; error: string; input?: JsonValue }
  /** The step waits: for a person (human step, approval) or a sub-routine; `input` is kept on the step run. */
  | { status: "waiting"; for: "person" | "subroutine"; instruction?: string; childRunId?: string; input?: JsonValue }
  /** An end step: the engine finishes the run. */
  | { status: "finish" };

/** What a handler gets for one execution of one step. `run` and `stepRun` stay current as the step commits. */
export interface StepContext<S extends Step = Step> {
  readonly step: S;
  readonly run: RunSnapshot;
  readonly stepRun: StepRunSnapshot;
  readonly index: RoutineIndex;
  /** Aborted when the run is cancelled, the step times out or the worker stops; pass it to every call. */
  readonly signal: AbortSignal;
  /** `<runId>:<stepRunId>`: the same for every attempt of this execution, so a tool can drop a repeated call. */
  readonly idempotencyKey: string;
  /**
   * Input already settled for this execution: approved or edited by an operator, or recorded with a tool call
   * before the worker stopped. A tool step calls its tool with it rather than working the arguments out again.
   */
  readonly presetInput: JsonValue | null;
  readonly store: RunStore;
  readonly tools: ToolPort;
  readonly clock: Clock;
  readonly values: RunValues;
  /** The routine's tools as function names (the model sees only these). */
  readonly allowlist: readonly ToolRef[];
  readonly toolNames: ToolNames;
  describeTools(): Promise<ToolDefinition[]>;
  /** Milliseconds before the step's deadline. */
  timeLeft(): number;
  /** The executor's system prompt for this step: routine, progress list, plan-aware values. */
  executorPrompt(): Promise<string>;
  /**
   * The tools a model turn of this step offers, after executorPrompt(): the whole allowlist in full history (the
   * baseline), only the step's own tools (`own`) in plan-aware and compressed modes. The turn's context figures count
   * their definitions, and the allowlist's for full history.
   */
  offeredTools(all: ToolSpec[], own: (spec: ToolSpec) => boolean): Promise<ToolSpec[]>;
  /** One executor model call for this step: recorded as step.model with its tokens; stops at the token budget. */
  chat(request: Omit<ChatRequest, "signal" | "context">): Promise<ChatResult>;
  /** Commits events during the step (a tool call sent, a refusal, a retry), with changes to the step run. */
  record(
    events: RunEventInput[],
    stepFields?: Partial<Omit<StepRunSnapshot, "id" | "stepId" | "iteration">>,
  ): Promise<void>;
}

/** One step kind's behaviour. `resume` is asked when a waiting step may be done (a sub-routine finished). */
export interface StepHandler<K extends StepKind> {
  run(context: StepContext<StepOf<K>>): Promise<StepOutcome>;
  /** The outcome of a waiting step, or null while it still waits. Kinds without it wait for an operator. */
  resume?(context: StepContext<StepOf<K>>): Promise<StepOutcome | null>;
}
