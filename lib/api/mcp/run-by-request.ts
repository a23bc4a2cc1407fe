import "server-only";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Viewer } from "../../access";
import { toErrorState } from "../../actions";
import { retrieveRoutines } from "../../db/memory";
import { checkRequest, type Candidate } from "../../memory";

type Pick = { ok: true; routineId: string; request: string; note: string } | { ok: false; result: CallToolResult };

const named = (candidate: Candidate) => `“${candidate.name}” (score ${candidate.score.toFixed(2)})`;
const refused = (text: string): Pick => ({ ok: false, result: { content: [{ type: "text", text }], isError: true } });

/**
 * The routine procedure memory picks for a request, as POST /api/runs picks it: "match" names the routine and why;
 * "ambiguous" and "none" answer as such with the candidates, and nothing runs: never a guess.
 */
export async function pickRoutineFor(viewer: Viewer, request: string): Promise<Pick> {
  const checked = checkRequest(request);
  if (!checked.ok) return refused(`Nothing was started. ${checked.message}`);
  let retrieval;
  try {
    retrieval = await retrieveRoutines(viewer, checked.text);
  } catch (error) {
    return refused(`Nothing was started. ${toErrorState(error).message}`);
  }
  const [top, second] = retrieval.candidates;
  if (retrieval.decision === "none" || !top) {
    const near = retrieval.candidates.slice(0, 3).map(named);
    return refused(
      `Nothing was started: no published routine fits this request.${near.length ? ` Closest: ${near.join(", ")}.` : ""} Rephrase it, or call a routine's own tool.`,
    );
  }
  if (retrieval.decision === "ambiguous")
    return refused(
      `Nothing was started: more than one routine fits this request about equally well: ${[top, second]
        .filter(Boolean)
        .map((candidate) => named(candidate!))
        .join(" and ")}. Call the one you mean by its own tool.`,
    );
  const words = top.matched.length ? ` (matched: ${top.matched.join(", ")})` : "";
  return {
    ok: true,
    routineId: top.routineId,
    request: checked.text,
    note: `Picked “${top.name}” for the request${words}.`,
  };
}
