import { postRun } from "@/lib/api";

// Node runtime: the run starts in this process's engine and the DAL uses the SQLite driver.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Starts a run: `{ routineId, inputs?, request? }` with a personal API token or the session (see lib/api/runs-api.ts). */
export async function POST(request: Request): Promise<Response> {
  return postRun(request);
}
