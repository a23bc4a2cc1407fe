import { z } from "zod";
import { RUN_STATUSES } from "../../events";
import { MAX_REQUEST_CHARS } from "../../memory";
import { MAX_INTERVENTION_REASON } from "../engine";
import { contextChoiceSchema } from "./run-context-settings";

const id = (what: string) =>
  z
    .string({ error: `Give the ${what}.` })
    .trim()
    .min(1, `Give the ${what}.`)
    .max(100, `That is not a valid ${what}.`);

export const runIdInput = z.object({ runId: id("run id") });

/**
 * The caller's W3C trace context (`traceparent`, `tracestate` headers of the API, MCP's request), which the run's
 * spans continue. A value that is not valid is dropped, never refused: a bad header only means a trace of its own.
 */
export const traceHeaders = {
  traceparent: z.string().max(256).optional().catch(undefined),
  tracestate: z.string().max(512).optional().catch(undefined),
};

/** The longest free-text request a run may start from (procedure memory refuses longer ones too). */
export const MAX_REQUEST_LENGTH = MAX_REQUEST_CHARS;

export const startRunInput = z.object({
  routineId: id("routine id"),
  inputs: z.record(z.string(), z.unknown()).default({}),
  request: z
    .string()
    .trim()
    .max(MAX_REQUEST_LENGTH, `Keep the request under ${MAX_REQUEST_LENGTH} characters.`)
    .optional(),
  source: z.enum(["ui", "api", "mcp"]).default("ui"),
  /** How the run executes; the routine's default mode when not given. */
  mode: z.enum(["workflow", "agent"], { error: "Choose workflow or agent." }).optional(),
  /** How much of the run the executor's prompt carries; what is left out comes from the settings in effect. */
  context: contextChoiceSchema.optional(),
  ...traceHeaders,
});

export const listRunsInput = z.object({
  routineId: id("routine id").optional(),
  status: z.enum(RUN_STATUSES).optional(),
  startedBy: id("user id").optional(),
  /** Runs of evaluation suites (source "eval") are left out unless asked for: a suite can make a thousand. */
  evaluations: z.boolean().default(false),
  limit: z.number().int().min(1).max(200).default(50),
});

export const listRunEventsInput = z.object({
  runId: id("run id"),
  afterSeq: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(1000).default(500),
});

export const controlRunInput = z.object({
  runId: id("run id"),
  action: z.enum(["pause", "resume", "cancel"], { error: "Choose pause, resume or cancel." }),
});

export const stepRunInput = z.object({ runId: id("run id"), stepRunId: id("step run id") });

export const MAX_COMMENT_LENGTH = 4_000;

const reasonText = z
  .string({ error: "Give the reason as text." })
  .trim()
  .max(MAX_INTERVENTION_REASON, `Keep the reason under ${MAX_INTERVENTION_REASON} characters.`);
/** An optional reason: an empty one is none. */
const optionalReason = reasonText.optional().transform((reason) => reason || undefined);

export const retryStepInput = stepRunInput.extend({ reason: optionalReason });

export const skipStepInput = stepRunInput.extend({
  reason: z
    .string({ error: "Say why you skip this step." })
    .trim()
    .min(1, "Say why you skip this step.")
    .max(MAX_INTERVENTION_REASON, `Keep the reason under ${MAX_INTERVENTION_REASON} characters.`),
});

export const STAGE_ACTIONS = ["pause", "cancel", "retry"] as const;

export const controlStageInput = z.object({
  runId: id("run id"),
  stageId: id("stage id"),
  action: z.enum(STAGE_ACTIONS, { error: "Choose pause, cancel or retry." }),
  reason: optionalReason,
});

export const rerunInput = stepRunInput.extend({
  input: z.record(z.string(), z.unknown(), { error: "The step's input must be an object of named values." }),
});

export const decideInput = stepRunInput.extend({
  decision: z.enum(["approve", "reject"], { error: "Choose approve or reject." }),
  comment: z
    .string()
    .trim()
    .max(MAX_COMMENT_LENGTH, `Keep the comment under ${MAX_COMMENT_LENGTH} characters.`)
    .optional(),
  values: z.record(z.string(), z.unknown()).optional(),
});

export const readVariableInput = z.object({
  runId: id("run id"),
  key: z.string().trim().min(1, "Give the variable key.").max(200),
});

export type StartRunInputShape = z.input<typeof startRunInput>;
