import { streamRunEvents } from "@/lib/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The run's events as Server-Sent Events: replay after Last-Event-ID, then live (see lib/api/run-events-api.ts). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  return streamRunEvents(request, id);
}
