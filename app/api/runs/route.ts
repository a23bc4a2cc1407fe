import { postRun, refuseCrossSiteRequest } from "@/lib/api";

// Node runtime: the run starts in this process's engine and the DAL uses the SQLite driver.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Starts a run: `{ routineId, inputs?, request? }`, or `{ request }` alone for procedure memory to pick the routine,
 * with a personal API token or the session (see lib/api/runs-api.ts).
 * A cross-site request is refused first (403), and a body not sent as JSON (415).
 */
export async function POST(request: Request): Promise<Response> {
  return refuseCrossSiteRequest(request, { jsonBody: true }) ?? postRun(request);
}
