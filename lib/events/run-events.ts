import { z } from "zod";
import { PLAN_CHANGED_BY, planStateSchema } from "./plan";

/**
 * The RunEvent union: one type for the engine that writes events, the table that keeps them (run_event, seq per
 * run), the SSE route that replays and tails them, and the run view that folds them into state keyed by step id.
 * Payloads carry data an operator may see; secrets (API keys, tokens) never go into an event.
 */

export const RUN_STATUSES = ["queued", "running", "waiting", "paused", "succeeded", "failed", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const FINISHED_RUN_STATUSES = ["succeeded", "failed", "cancelled"] as const satisfies readonly RunStatus[];

export const STEP_STATES = ["pending", "running", "succeeded", "failed", "skipped", "waiting", "cancelled"] as const;
export type StepState = (typeof STEP_STATES)[number];

/** What a person can do to a step run, and to a stage (issue #18), as step.intervention and stage.intervention say. */
export const STEP_INTERVENTIONS = ["approved", "rejected", "submitted", "retried", "input_edited", "skipped"] as const;
export const STAGE_INTERVENTIONS = ["paused", "held", "cancelled", "retried"] as const;

/**
 * Where a tool call's answer came from (issue #29): the tool itself (`live`), a test case's pinned output
 * (`pinned`), or the evaluation sandbox, which never calls a tool that changes data and answers in its place
 * (`simulated`). Recorded on the call's step.output; events stored before it carry none.
 */
export const TOOL_ANSWER_ORIGINS = ["live", "pinned", "simulated"] as const;
export type ToolAnswerOrigin = (typeof TOOL_ANSWER_ORIGINS)[number];

const stepRef = { stepRunId: z.string(), stepId: z.string(), iteration: z.number().int().min(1) };
const usage = { inputTokens: z.number().int().min(0), outputTokens: z.number().int().min(0) };
const json = z.unknown();
const CONTEXT_MODE_NAMES = ["full", "plan-aware", "compressed"] as const;
/**
 * What the executor's prompt of a model turn carried: the context mode it was built in, its tokens, and the tokens
 * the same prompt would have had with the full history (counted by the project's tokenizer, so the two compare).
 */
const contextStats = {
  contextMode: z.enum(CONTEXT_MODE_NAMES).optional(),
  contextTokens: z.number().int().min(0).optional(),
  fullContextTokens: z.number().int().min(0).optional(),
};

const eventData = {
  "run.queued": z.object({
    routineId: z.string(),
    routineName: z.string(),
    versionNumber: z.number().int(),
    inputs: z.record(z.string(), json),
  }),
  "run.started": z.object({ resumed: z.boolean().default(false) }),
  /** paused, resumed (running), waiting for a person or a sub-routine, or a control request noted. */
  "run.status": z.object({ status: z.enum(RUN_STATUSES), reason: z.string().optional() }),
  "run.budget_exceeded": z.object({
    /** planner_rounds: a planned run's planner re-planned as often as it may without meeting the request. */
    budget: z.enum(["steps", "tokens", "wall_time", "step_timeout", "planner_rounds"]),
    limit: z.number(),
    used: z.number(),
  }),
  "run.finished": z.object({
    status: z.enum(FINISHED_RUN_STATUSES),
    error: z.string().optional(),
    outputs: z.record(z.string(), json).optional(),
    durationMs: z.number().min(0),
    ...usage,
  }),
  "step.started": z.object({ ...stepRef, attempt: z.number().int().min(1), input: json.optional() }),
  /** A model turn within a step: what it said (trimmed for display) and what it cost. */
  "step.model": z.object({
    ...stepRef,
    content: z.string().nullable(),
    toolCalls: z.array(z.object({ name: z.string(), arguments: z.string() })).default([]),
    ...usage,
    /** Requests the model client sent for this turn (more than 1 after retries on 429, 5xx or timeouts). */
    attempts: z.number().int().min(1).optional(),
    ...contextStats,
  }),
  /**
   * The compressor model rewrote the values for a step's prompt (compressed context mode), or its answer was refused
   * (`accepted` false, `reason` says why: down, garbage, a needed value dropped) and the prompt stayed plan-aware.
   */
  "context.compressed": z.object({
    /** The step whose prompt it was; absent for an agent-mode turn (one conversation for the whole run). */
    ...stepRef,
    stepRunId: z.string().optional(),
    stepId: z.string().optional(),
    iteration: z.number().int().min(1).optional(),
    accepted: z.boolean(),
    reason: z.string().optional(),
    /** Tokens of the values before and (accepted) after the rewrite. */
    beforeTokens: z.number().int().min(0),
    afterTokens: z.number().int().min(0).optional(),
    ...usage,
  }),
  /** A tool call the engine accepted and sent, with its resolved arguments (variable keys shown as keys). */
  "step.tool_call": z.object({
    ...stepRef,
    server: z.string(),
    tool: z.string(),
    arguments: z.record(z.string(), json),
    byModel: z.boolean(),
  }),
  /** A tool call the engine refused: outside the routine's allowlist, not this step's tool, or invalid arguments. */
  "step.tool_refused": z.object({ ...stepRef, tool: z.string(), reason: z.string(), corrective: z.boolean() }),
  "step.output": z.object({
    ...stepRef,
    output: json.optional(),
    variableKey: z.string().optional(),
    preview: z.string().optional(),
    /** Where a tool call's answer came from; absent for other steps and for events stored before it was recorded. */
    origin: z.enum(TOOL_ANSWER_ORIGINS).optional(),
  }),
  "step.retrying": z.object({
    ...stepRef,
    attempt: z.number().int().min(1),
    reason: z.string(),
    delayMs: z.number().min(0),
  }),
  "step.waiting": z.object({
    ...stepRef,
    for: z.enum(["person", "subroutine"]),
    instruction: z.string().optional(),
    childRunId: z.string().optional(),
  }),
  "step.succeeded": z.object({ ...stepRef, durationMs: z.number().min(0) }),
  "step.failed": z.object({ ...stepRef, error: z.string(), durationMs: z.number().min(0) }),
  "step.skipped": z.object({ stepId: z.string(), reason: z.string().optional() }),
  "step.cancelled": z.object({ ...stepRef }),
  /**
   * A person decided a human step, edited a step's input before a re-run, retried a failed step or skipped the step
   * the run stood at (issue #18); `reason` is the operator's why, for a retry or a skip.
   */
  "step.intervention": z.object({
    ...stepRef,
    by: z.string(),
    action: z.enum(STEP_INTERVENTIONS),
    comment: z.string().optional(),
    reason: z.string().optional(),
  }),
  /**
   * An operator paused, held (the run pauses before it enters the stage), cancelled or retried a stage (issue #18).
   * `requested`: a worker executes the run and carries it out (a pause after the step in flight, a cancel that stops
   * it); otherwise it is done.
   */
  "stage.intervention": z.object({
    stageId: z.string(),
    by: z.string(),
    action: z.enum(STAGE_INTERVENTIONS),
    reason: z.string().optional(),
    requested: z.boolean().optional(),
  }),
  "branch.taken": z.object({
    stepId: z.string(),
    edgeId: z.string(),
    label: z.string(),
    by: z.enum(["expression", "model", "only_way"]),
  }),
  "variable.set": z.object({
    key: z.string(),
    stepId: z.string(),
    bytes: z.number().int().min(0),
    preview: z.string(),
  }),
  /** The progress list as the executor sees it: each step of the routine, done or not, with its completion criterion. */
  "progress.updated": z.object({ done: z.array(z.string()), current: z.string().nullable() }),
  /** A model turn of an agent-mode run (run-level: one conversation drives the whole run), as step.model shows it. */
  "agent.turn": z.object({
    turn: z.number().int().min(1),
    content: z.string().nullable(),
    toolCalls: z.array(z.object({ name: z.string(), arguments: z.string() })).default([]),
    ...usage,
    attempts: z.number().int().min(1).optional(),
    ...contextStats,
  }),
  /**
   * A planned run's progress list changed: the whole list as it now stands. `by`: the planner model (a plan or a
   * re-plan after an actor's result), or an operator who edited a task; `summary` says what changed, in words.
   */
  "plan.updated": z.object({
    plan: planStateSchema,
    by: z.enum(PLAN_CHANGED_BY),
    summary: z.string().max(2000),
    /** The operator's name when `by` is operator. */
    operator: z.string().optional(),
  }),
  /** A planned run handed a task to an actor (its tool calls follow as step runs `<taskId>-c<n>`). */
  "task.dispatched": z.object({
    taskId: z.string(),
    actorId: z.string().nullable(),
    actorName: z.string().nullable(),
    tools: z.array(z.string()).max(500),
  }),
  /** The actor's report on a task (the planner reads it next); `turns` model turns, `calls` tool calls it made. */
  "task.reported": z.object({
    taskId: z.string(),
    report: z.string(),
    calls: z.number().int().min(0),
    ...usage,
  }),
  /** A model turn of the planner in a planned run. */
  "planner.turn": z.object({
    round: z.number().int().min(1),
    content: z.string().nullable(),
    ...usage,
    attempts: z.number().int().min(1).optional(),
  }),
  /** A tool call of an agent-mode run the engine refused (outside the tools offered, invalid arguments); not run. */
  "agent.call_refused": z.object({ turn: z.number().int().min(1), tool: z.string(), reason: z.string() }),
} as const;

export type RunEventType = keyof typeof eventData;
export const RUN_EVENT_TYPES = Object.keys(eventData) as RunEventType[];

/** The data of one event type, as written (defaults not yet applied). */
export type RunEventDataInput<T extends RunEventType> = z.input<(typeof eventData)[T]>;
export type RunEventData<T extends RunEventType> = z.output<(typeof eventData)[T]>;

/** An event before it is stored: the store gives it its seq and time. */
export type RunEventInput = { [T in RunEventType]: { type: T; data: RunEventDataInput<T> } }[RunEventType];

/** An event as stored and streamed. */
export type RunEvent = {
  [T in RunEventType]: { runId: string; seq: number; at: string; type: T; data: RunEventData<T> };
}[RunEventType];

const runEventSchema = z.discriminatedUnion(
  "type",
  RUN_EVENT_TYPES.map((type) =>
    z.object({
      runId: z.string(),
      seq: z.number().int().min(1),
      at: z.string(),
      type: z.literal(type),
      data: eventData[type],
    }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
);

/**
 * Checks the data of one event type as this build writes it (its current version): what a stored event's data must
 * match once migrated forward (stored-events.ts).
 */
export function parseEventData(type: RunEventType, data: unknown) {
  return eventData[type].safeParse(data);
}

/**
 * Parses an event as the stream sends it (current version); null when it is not one (an unknown type from a newer
 * server, say). Stored rows are read by readStoredRunEvent, which migrates and reports instead.
 */
export function parseRunEvent(raw: unknown): RunEvent | null {
  const parsed = runEventSchema.safeParse(raw);
  return parsed.success ? (parsed.data as unknown as RunEvent) : null;
}

/** Checks an event's data before it is written; throws a readable error on a programming mistake. */
export function checkEventInput(event: RunEventInput): RunEventInput {
  // The engine checks each event once and the run store again (it is the boundary other writers go through too): a
  // result of this function is not parsed a second time.
  if (checkedEvents.has(event)) return event;
  const parsed = eventData[event.type].safeParse(event.data);
  if (!parsed.success)
    throw new Error(
      `Invalid ${event.type} event: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
    );
  const checked = { type: event.type, data: parsed.data } as RunEventInput;
  checkedEvents.add(checked);
  return checked;
}

const checkedEvents = new WeakSet<RunEventInput>();

export function isFinished(status: RunStatus): boolean {
  return (FINISHED_RUN_STATUSES as readonly RunStatus[]).includes(status);
}
