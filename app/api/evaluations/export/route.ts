import { authenticateRequest, jsonError } from "@/lib/api";
import { errorResponse } from "@/lib/actions";
import { streamTrainingExamples } from "@/lib/db/evals";
import { trainingExportQuerySchema, trainingFileName, trainingQueryFields } from "@/lib/evaluations/scoring";

// Node runtime: the DAL reads SQLite through its driver adapter.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/evaluations/export?format=openai|llamafactory&withRoutine=1&routineId=…&versionId=…&model=…&from=…&to=…
 * &source=runs|cases|all: the training data as a JSONL download, streamed a line per example (an API token with the
 * scope `evaluations:export`, or the session; authors, reviewers and admins). 400 `{ error }` for a bad query, 401,
 * 403, 404 `{ error }` when no run the filter takes is an example (rather than an empty file).
 */
export async function GET(request: Request): Promise<Response> {
  const authenticated = await authenticateRequest(request, "evaluations:export");
  if (!authenticated.ok) return authenticated.response;
  const parsed = trainingExportQuerySchema.safeParse(trainingQueryFields(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(400, parsed.error.issues.map((issue) => issue.message).join(" "));
  const { filter, format, withRoutine } = parsed.data;

  const lines = streamTrainingExamples(authenticated.auth.viewer, filter, format, withRoutine);
  // The first line is read before answering, so a refusal or a database failure becomes a status, not a cut file.
  let first: IteratorResult<string>;
  try {
    first = await lines.next();
  } catch (error) {
    return errorResponse(error);
  }
  // An export that would be empty says so, instead of downloading an empty file a trainer then refuses.
  if (first.done)
    return jsonError(
      404,
      "No training examples match this filter: only runs that finished well become examples. Widen the filter or choose another source.",
    );
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(first.value));
    },
    async pull(controller) {
      try {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Content-Disposition": `attachment; filename="${trainingFileName(format, withRoutine)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
