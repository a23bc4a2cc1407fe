import { errorResponse } from "@/lib/actions";
import { getViewer } from "@/lib/session";
import { getRoutineForEditing } from "@/lib/db/library";

/**
 * The working version's routine for the designer, `{ "revision": n, "routine": {…} }`. Any signed-in user (the
 * DAL checks). The designer page preloads this URL while its scripts load, so a large routine travels beside
 * the page rather than inside it. The stored JSON is sent as it is, not parsed and serialized again.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  try {
    const draft = await getRoutineForEditing(await getViewer(), id);
    return new Response(`{"revision":${draft.revision},"routine":${draft.routineJson}}`, {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
