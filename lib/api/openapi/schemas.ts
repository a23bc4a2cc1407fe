import { z } from "zod";
import { TOKEN_SCOPES } from "../../access";
import { planStateSchema, RUN_STATUSES, STEP_STATES } from "../../events";

// The response bodies of the run routes and the errors every route shares, as zod schemas: the OpenAPI document is
// generated from them (document.ts), the database test checks real responses against it, and conformance.ts makes
// `tsc` fail when the route code's types drift from them. `id` names each as a component of the document.

/** `{ error, fieldErrors? }`: what every route answers for a refusal or failure (lib/actions `errorResponse`). */
export const errorSchema = z
  .object({
    error: z.string().describe("What went wrong, in a sentence a person can act on."),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe("The problems found per field of the request body, when the body was at fault."),
  })
  .meta({ id: "Error" });

export const tokenScopeSchema = z.enum(TOKEN_SCOPES).meta({
  id: "TokenScope",
  description: "What a personal API token may be used for; each route that accepts tokens needs one scope.",
});

/** 403: a role the caller lacks, a cross-site request, or a token without the route's scope (named). */
export const forbiddenSchema = errorSchema
  .extend({
    missingScope: tokenScopeSchema
      .optional()
      .describe("The scope the API token lacks (also in the WWW-Authenticate header's `scope`)."),
  })
  .meta({ id: "Forbidden" });

export const runStatusSchema = z.enum(RUN_STATUSES).meta({ id: "RunStatus" });
export const runModeSchema = z.enum(["workflow", "agent", "planned"]).meta({
  id: "RunMode",
  description:
    'How the run executes: the engine walks the graph ("workflow"), the executor model follows the routine ("agent"), or the dynamic planner works a request out with no routine ("planned").',
});

export const runLinksSchema = z
  .object({
    self: z.string().describe("GET: the run's status as JSON."),
    events: z.string().describe("GET: the run's events as Server-Sent Events."),
    view: z.string().describe("The run's page in the app."),
  })
  .meta({ id: "RunLinks" });

const candidateSchema = z
  .object({
    routineId: z.string(),
    name: z.string(),
    score: z.number().describe("How well the routine fits the request, 0–1, three decimals."),
    matched: z.array(z.string()).describe("The request's words that matched the routine."),
  })
  .meta({ id: "RoutineCandidate" });

const decisionSchema = z.enum(["match", "ambiguous", "none"]);

/** The routine procedure memory chose for a request (POST /api/runs without routineId). */
export const chosenRetrievalSchema = candidateSchema
  .extend({
    decision: decisionSchema,
    runnerUp: candidateSchema.nullable(),
    notice: z.string().optional().describe("Why retrieval ran degraded (an embedder that is down)."),
  })
  .meta({ id: "ChosenRoutine" });

/** Why no routine was started for a request: the close candidates (409) or the ranked near-misses (422). */
export const refusedRetrievalSchema = z
  .object({
    decision: decisionSchema,
    candidates: z.array(candidateSchema),
    notice: z.string().optional(),
  })
  .meta({ id: "RefusedRetrieval" });

/** 201 of POST /api/runs. */
export const runStartedSchema = z
  .object({
    runId: z.string(),
    status: runStatusSchema,
    mode: runModeSchema,
    links: runLinksSchema,
    retrieval: chosenRetrievalSchema
      .optional()
      .describe("Present when the request picked the routine: which one, its score and the runner-up."),
  })
  .meta({ id: "RunStarted" });

/** Every refusal of POST /api/runs: the error, and what procedure memory found when a request was sent. */
export const runStartErrorSchema = forbiddenSchema
  .extend({ retrieval: z.union([chosenRetrievalSchema, refusedRetrievalSchema]).optional() })
  .meta({ id: "RunStartError" });

const timestamp = z.iso.datetime();

export const stepRunSchema = z
  .object({
    stepId: z.string(),
    iteration: z.number().int().describe("A step on a loop runs again as a new iteration."),
    state: z.enum(STEP_STATES),
    attempt: z.number().int(),
    error: z.string().nullable(),
    startedAt: timestamp.nullable(),
    finishedAt: timestamp.nullable(),
  })
  .meta({ id: "StepRun" });

/** 200 of GET /api/runs/{id} (lib/api `runStatusJson`). */
export const runSchema = z
  .object({
    runId: z.string(),
    status: runStatusSchema,
    routine: z
      .object({ id: z.string(), name: z.string(), versionNumber: z.number().int().nullable() })
      .nullable()
      .describe("The routine and version the run follows; null for a planned run."),
    plan: planStateSchema
      .meta({ id: "PlanState" })
      .nullable()
      .describe("A planned run's progress list (the planner's tasks); null for a routine run."),
    source: z.string().describe('Where the run came from: "api", "ui", an evaluation, …'),
    mode: runModeSchema,
    model: z.string().nullable().describe("The executor model, when it is not the configured one."),
    startedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: timestamp,
    startedAt: timestamp.nullable(),
    finishedAt: timestamp.nullable(),
    inputs: z.record(z.string(), z.unknown()),
    request: z.string().nullable().describe("The request in words the run started from, if any."),
    outputs: z.record(z.string(), z.unknown()).nullable(),
    error: z.string().nullable(),
    tokens: z.object({ input: z.number().int(), output: z.number().int() }),
    steps: z.array(stepRunSchema).describe("Every step run, oldest first."),
    lastSeq: z.number().int().describe("The sequence number of the run's last event (SSE id)."),
    links: runLinksSchema,
  })
  .meta({ id: "Run" });
