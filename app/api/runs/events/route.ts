import { streamRunStatuses } from "@/lib/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Live status changes of the runs the caller may see, as Server-Sent Events (the runs list). */
export async function GET(request: Request): Promise<Response> {
  return streamRunStatuses(request);
}
