import "server-only";
import { z } from "zod";
import { requireRole, RUN_CONTROL_ROLES, type Viewer } from "../access";
import { errorResponse } from "../actions";
import { contextChoiceSchema, getRun, startPlannedRun, startRun, type RunView } from "../runs/operations";
import { ValidationError } from "../db/core";
import { retrieveRoutines } from "../db/memory";
import { checkRequest, type Candidate, type Retrieval } from "../memory";
import { authenticateRequest } from "./request-viewer";

/** The largest POST /api/runs body read: inputs and a request, never a file. */
export const MAX_RUN_REQUEST_BYTES = 256 * 1024;

const NO_TARGET = "Give the routineId of a published routine, or a request that says in words what you need.";

export const startRunBody = z
  .object({
    // Left out, the request picks the routine (procedure memory): see postRunByRequest.
    routineId: z.string({ error: "routineId must be text." }).min(1, NO_TARGET).optional(),
    inputs: z.record(z.string(), z.unknown(), { error: "inputs must be an object of named values." }).optional(),
    request: z.string({ error: "request must be text." }).optional(),
    mode: z
      .enum(["workflow", "agent", "planned"], { error: 'mode must be "workflow", "agent" or "planned".' })
      .optional()
      .describe(
        'How the run executes; the routine\'s default mode when left out. "planned": no routine, the dynamic planner works the request out.',
      ),
    context: contextChoiceSchema
      .optional()
      .describe(
        'How much of the run the executor\'s prompt carries: { mode: "full" | "plan-aware" | "compressed", lookahead, budgetTokens, compressTokens }, each optional; what is left out comes from the admin\'s settings. Not for planned runs.',
      ),
  })
  .strict();

/** Where a run can be read, followed and opened. */
export function runLinks(runId: string) {
  const id = encodeURIComponent(runId);
  return { self: `/api/runs/${id}`, events: `/api/runs/${id}/events`, view: `/runs/${id}` };
}

async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  // A JSON content type also keeps cross-site HTML forms out: a browser cannot send one without a CORS preflight.
  if (!/^application\/json\b/i.test(type))
    throw new ValidationError('Send the body as JSON with "Content-Type: application/json".');
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_RUN_REQUEST_BYTES)
    throw new ValidationError(`The body is too large (at most ${MAX_RUN_REQUEST_BYTES / 1024} KB).`);
  const text = await request.text();
  if (text.length > MAX_RUN_REQUEST_BYTES)
    throw new ValidationError(`The body is too large (at most ${MAX_RUN_REQUEST_BYTES / 1024} KB).`);
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError("The body is not valid JSON.");
  }
}

/** The caller's W3C trace context headers, which the run's spans continue (an invalid one is ignored downstream). */
type TraceHeaders = { traceparent?: string; tracestate?: string };
const traceHeadersOf = (request: Request): TraceHeaders => ({
  traceparent: request.headers.get("traceparent") ?? undefined,
  tracestate: request.headers.get("tracestate") ?? undefined,
});

type StartRunBody = Omit<z.infer<typeof startRunBody>, "mode"> & { mode?: "workflow" | "agent" } & TraceHeaders;

/**
 * POST /api/runs: starts a run of a routine's published version for the caller (an API token with the scope
 * `runs:start`, or the session; the DAL requires the operator or admin role), in `mode` "workflow" or "agent" (default: the routine's default mode),
 * with `context` settings of its own over the admin's (a bad value: 400 naming it, nothing started).
 * With `routineId` it runs that routine; without it, `request` picks the routine (postRunByRequest). A W3C
 * `traceparent` header (and `tracestate`) makes the run's spans continue the caller's trace.
 * 201 `{ runId, status, mode, links }` (plus `retrieval` for a request); errors as `{ error, fieldErrors? }` with
 * 400 (body or inputs invalid), 401, 403 (a role or the token's scope missing), 404 (unknown routine), 409 (not runnable now, or an ambiguous request) or
 * 422 (no routine fits the request).
 */
export async function postRun(request: Request): Promise<Response> {
  const authenticated = await authenticateRequest(request, "runs:start");
  if (!authenticated.ok) return authenticated.response;
  const viewer = authenticated.auth.viewer;
  try {
    const parsed = startRunBody.safeParse(await readJsonBody(request));
    if (!parsed.success) throw ValidationError.fromZod(parsed.error, "The request body needs attention.");
    const { routineId, mode, ...rest } = parsed.data;
    const trace = traceHeadersOf(request);
    if (mode === "planned") return await postPlannedRun(viewer, parsed.data, trace);
    if (routineId) return await startAndAnswer(viewer, { ...rest, mode, routineId, ...trace });
    return await postRunByRequest(viewer, { ...rest, mode, ...trace });
  } catch (error) {
    return errorResponse(error);
  }
}

/** Starts the run and answers 201 with its id, status, mode and links (and `extra`), as every start does. */
async function startAndAnswer(viewer: Viewer, body: StartRunBody & { routineId: string }, extra: object = {}) {
  const { runId } = await startRun(viewer, { ...body, source: "api" });
  return created(viewer, runId, extra);
}

async function created(viewer: Viewer, runId: string, extra: object = {}): Promise<Response> {
  const run = await getRun(viewer, runId);
  const links = runLinks(runId);
  return Response.json(
    { runId, status: run.status, mode: run.mode, links, ...extra },
    { status: 201, headers: { Location: links.self, "Cache-Control": "no-store" } },
  );
}

/**
 * POST /api/runs with `mode: "planned"`: a planned run of `request` (the dynamic planner, no routine), whether or not
 * a routine would fit; a routineId or inputs are refused rather than ignored.
 */
async function postPlannedRun(
  viewer: Viewer,
  body: z.infer<typeof startRunBody>,
  trace: TraceHeaders,
): Promise<Response> {
  if (body.routineId || body.inputs || body.context)
    throw new ValidationError('A planned run follows no routine: send only "request" with mode "planned".');
  const { runId } = await startPlannedRun(viewer, { request: body.request ?? "", source: "api", ...trace });
  return created(viewer, runId);
}

/** A candidate as the API shows it: which routine, how well it scored (3 decimals) and the request's words it matched. */
function candidateJson(candidate: Candidate) {
  return {
    routineId: candidate.routineId,
    name: candidate.name,
    score: Math.round(candidate.score * 1000) / 1000,
    matched: candidate.matched,
  };
}

const noticeOf = (retrieval: Retrieval) => (retrieval.notice ? { notice: retrieval.notice } : {});

function refusal(status: number, error: string, retrieval: Retrieval, candidates: Candidate[]): Response {
  return Response.json(
    {
      error,
      retrieval: { decision: retrieval.decision, candidates: candidates.map(candidateJson), ...noticeOf(retrieval) },
    },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * POST /api/runs with `{ request }` and no routineId: procedure memory picks the published routine. "match" starts
 * the top candidate exactly as `{ routineId }` would (same checks, same 201 body) and adds `retrieval`: the routine,
 * its score, the words that matched, the runner-up and the decision; a refusal of that start carries `retrieval` too.
 * "ambiguous" answers 409 with the two close candidates (send routineId to pick one); "none" answers 422 with the
 * ranked near-misses: the body was understood, but no published routine fits it (404 would say a URL or id is wrong).
 * The role is checked before retrieval, so a caller who may not run learns nothing about the routines.
 */
async function postRunByRequest(viewer: Viewer, body: StartRunBody): Promise<Response> {
  requireRole(viewer, ...RUN_CONTROL_ROLES);
  if (body.request === undefined) throw new ValidationError(NO_TARGET, { routineId: [NO_TARGET] });
  const checked = checkRequest(body.request);
  if (!checked.ok) throw new ValidationError(checked.message, { request: [checked.message] });
  const retrieval = await retrieveRoutines(viewer, checked.text);
  const [top, second] = retrieval.candidates;
  if (retrieval.decision === "none" || !top) {
    return refusal(
      422,
      'No published routine fits this request. Rephrase it, send the routineId of the routine to run, or send mode "planned" to have the planner work it out.',
      retrieval,
      retrieval.candidates,
    );
  }
  if (retrieval.decision === "ambiguous") {
    const pair = second ? `“${top.name}” and “${second.name}”` : `“${top.name}”`;
    return refusal(
      409,
      `More than one routine fits this request about equally well (${pair}). Pick one and send its routineId.`,
      retrieval,
      retrieval.candidates.slice(0, 2),
    );
  }
  const chosen = {
    decision: retrieval.decision,
    ...candidateJson(top),
    runnerUp: second ? candidateJson(second) : null,
    ...noticeOf(retrieval),
  };
  try {
    return await startAndAnswer(
      viewer,
      { ...body, request: checked.text, routineId: top.routineId },
      { retrieval: chosen },
    );
  } catch (error) {
    // The client learns which routine was tried, so it can fill the inputs that routine asks for.
    const response = errorResponse(error);
    return Response.json(
      { ...(await response.json()), retrieval: chosen },
      { status: response.status, headers: response.headers },
    );
  }
}

/** A run as GET /api/runs/[id] returns it: status, what it ran with, what came out, each step's state. No secrets. */
export function runStatusJson(run: RunView) {
  return {
    runId: run.id,
    status: run.status,
    routine: run.routineId ? { id: run.routineId, name: run.routineName, versionNumber: run.versionNumber } : null,
    plan: run.plan,
    source: run.source,
    mode: run.mode,
    model: run.model,
    startedBy: run.startedBy ? { id: run.startedBy.id, name: run.startedBy.name } : null,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    inputs: run.inputs,
    request: run.request,
    outputs: run.outputs,
    error: run.error,
    tokens: { input: run.inputTokens, output: run.outputTokens },
    steps: run.steps.map((step) => ({
      stepId: step.stepId,
      iteration: step.iteration,
      state: step.state,
      attempt: step.attempt,
      error: step.error,
      startedAt: step.startedAt?.toISOString() ?? null,
      finishedAt: step.finishedAt?.toISOString() ?? null,
    })),
    lastSeq: run.lastSeq,
    links: runLinks(run.id),
  };
}

/**
 * GET /api/runs/[id]: the run's status as JSON (a token needs `runs:read`); 404 for unknown runs and runs the caller
 * may not see.
 */
export async function getRunStatus(request: Request, runId: string): Promise<Response> {
  const authenticated = await authenticateRequest(request, "runs:read");
  if (!authenticated.ok) return authenticated.response;
  const viewer = authenticated.auth.viewer;
  try {
    return Response.json(runStatusJson(await getRun(viewer, runId)), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
