import { getRunStatus } from "@/lib/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** One run's status as JSON (see lib/api/runs-api.ts). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  return getRunStatus(request, id);
}
