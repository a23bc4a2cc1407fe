import { errorResponse, toErrorState } from "@/lib/actions";
import { readLimitedText, refuseCrossSiteRequest } from "@/lib/api";
import { requireRole, type Viewer } from "@/lib/access";
import { getViewer } from "@/lib/session";
import { ConflictError, StaleSaveError, ValidationError } from "@/lib/db/core";
import { getRoutine } from "@/lib/db/library";
import { llmClientFor } from "@/lib/db/llm";
import { registryToolCatalog } from "@/lib/db/tools";
import { saveOptimizedVersion } from "@/lib/db/reviews";
import {
  MAX_DRAFT_CHARS,
  MAX_OPTIMIZE_BODY_BYTES,
  optimizeRequestSchema,
  startOptimization,
  type OptimizationDeps,
} from "@/lib/planner";
import { ndjsonResponse } from "./ndjson";

/** What the planner reads and writes, as `viewer` (the DAL checks their roles on each call). */
function depsFor(viewer: Viewer): OptimizationDeps {
  return {
    loadWorking: async (routineId) => {
      const detail = await getRoutine(viewer, routineId);
      return {
        routine: detail.routine,
        versionId: detail.versionId,
        versionNumber: detail.versionNumber,
        revision: detail.revision,
        status: detail.status,
        archived: detail.archived,
      };
    },
    listTools: () => registryToolCatalog(viewer).listTools(),
    plannerModel: (context) => llmClientFor("planner", context),
    save: (input) => saveOptimizedVersion(viewer, input),
    describeError: (error) => ({
      message: toErrorState(error).message,
      conflict: error instanceof ConflictError || error instanceof StaleSaveError,
    }),
  };
}

const noStore = { "Cache-Control": "no-store" };

/**
 * "Optimize with AI": the planner turns the working version (`source: "canvas"`, as last saved) or a pasted draft
 * (`source: "text"`) into a full routine and saves it as a new version in review. Authors and admins.
 *
 * Request: JSON `{ source, text?, basedOnVersionId, baseRevision? }` (at most MAX_DRAFT_CHARS characters of text).
 * Refusals come at once as JSON `{ error, code?, fieldErrors? }`: 400 bad input, 401/403 (403 also for a cross-site
 * request, checked first), 404, 409 (`conflict`: the page shows an older version, a version is in review, the
 * routine is archived), 413 body too large, 415 a body not sent as JSON, 503 (`not_configured`: no planner model;
 * the message says what an admin sets). Otherwise 200 with an NDJSON stream of OptimizeEvent lines (planning,
 * validating, repairing, saving) ending in exactly one `done` (with the new version's number and review URL) or
 * `failed` (with a code and message; nothing was saved). A disconnect cancels the run; see
 * docs/decisions/0010-planner.md.
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const refused = refuseCrossSiteRequest(request, { jsonBody: true });
  if (refused) return refused;
  const { id } = await params;
  try {
    const viewer = await getViewer();
    requireRole(viewer, "author", "admin");
    const text = await readLimitedText(request, MAX_OPTIMIZE_BODY_BYTES);
    if (text === null) {
      return Response.json(
        {
          error: `The draft is too large; the planner takes at most ${MAX_DRAFT_CHARS.toLocaleString("en")} characters.`,
        },
        { status: 413, headers: noStore },
      );
    }
    const input = optimizeRequestSchema.safeParse(parseJson(text));
    if (!input.success)
      throw ValidationError.fromZod(input.error, input.error.issues[0]?.message ?? "Check the request.");
    const start = await startOptimization({ routineId: id, userId: viewer.id, request: input.data }, depsFor(viewer));
    if (!start.ok) return Response.json(start.body, { status: start.status, headers: noStore });
    return ndjsonResponse(request.signal, start.run);
  } catch (error) {
    return errorResponse(error);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError("The request is not JSON.");
  }
}
