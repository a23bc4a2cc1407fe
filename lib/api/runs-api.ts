import "server-only";
import { z } from "zod";
import { errorResponse } from "../actions";
import { getRun, startRun, type RunView } from "../db/runs";
import { ValidationError } from "../db/core";
import { authenticateRequest } from "./request-viewer";

/** The largest POST /api/runs body read: inputs and a request, never a file. */
export const MAX_RUN_REQUEST_BYTES = 256 * 1024;

const startRunBody = z
  .object({
    routineId: z
      .string({ error: "Give the routineId of a published routine." })
      .min(1, "Give the routineId of a published routine."),
    inputs: z.record(z.string(), z.unknown(), { error: "inputs must be an object of named values." }).optional(),
    request: z.string({ error: "request must be text." }).optional(),
    mode: z
      .enum(["workflow", "agent"], { error: 'mode must be "workflow" or "agent".' })
      .optional()
      .describe("How the run executes; the routine's default mode when left out."),
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

/**
 * POST /api/runs: starts a run of a routine's published version for the caller (an API token or the session; the
 * DAL requires the operator or admin role), in `mode` "workflow" or "agent" (default: the routine's default mode).
 * 201 `{ runId, status, mode, links }`; errors as `{ error, fieldErrors? }` with
 * 400 (body or inputs invalid), 401, 403, 404 (unknown routine) or 409 (not runnable now).
 */
export async function postRun(request: Request): Promise<Response> {
  const authenticated = await authenticateRequest(request);
  if (!authenticated.ok) return authenticated.response;
  const viewer = authenticated.auth.viewer;
  try {
    const parsed = startRunBody.safeParse(await readJsonBody(request));
    if (!parsed.success) throw ValidationError.fromZod(parsed.error, "The request body needs attention.");
    const { runId } = await startRun(viewer, { ...parsed.data, source: "api" });
    const run = await getRun(viewer, runId);
    const links = runLinks(runId);
    return Response.json(
      { runId, status: run.status, mode: run.mode, links },
      { status: 201, headers: { Location: links.self, "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return errorResponse(error);
  }
}

/** A run as GET /api/runs/[id] returns it: status, what it ran with, what came out, each step's state. No secrets. */
export function runStatusJson(run: RunView) {
  return {
    runId: run.id,
    status: run.status,
    routine: { id: run.routineId, name: run.routineName, versionNumber: run.versionNumber },
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

/** GET /api/runs/[id]: the run's status as JSON; 404 for unknown runs and runs the caller may not see. */
export async function getRunStatus(request: Request, runId: string): Promise<Response> {
  const authenticated = await authenticateRequest(request);
  if (!authenticated.ok) return authenticated.response;
  const viewer = authenticated.auth.viewer;
  try {
    return Response.json(runStatusJson(await getRun(viewer, runId)), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
