import "server-only";
import { type Viewer, requireUser } from "../../access";
import { NotFoundError, parseInput, prisma, withDbErrors } from "../core";
import { runIdInput } from "./run-inputs";
import { canViewRun } from "./run-views";

/**
 * The model a run's tokens were spent on (the one with the most tokens among its recorded model calls), for the
 * run view's cost estimate; null before its first model call. Same visibility as getRun.
 */
export async function getRunModel(viewer: Viewer | null, runId: string): Promise<string | null> {
  requireUser(viewer);
  const input = parseInput(runIdInput, { runId });
  if (!(await canViewRun(viewer, input.runId)))
    throw new NotFoundError("That run does not exist, or you do not have access to it.");
  const rows = await withDbErrors(() =>
    prisma.llmCall.groupBy({
      by: ["model"],
      where: { runId: input.runId },
      _sum: { inputTokens: true, outputTokens: true },
    }),
  );
  let best: { model: string; tokens: number } | null = null;
  for (const row of rows) {
    const tokens = (row._sum.inputTokens ?? 0) + (row._sum.outputTokens ?? 0);
    if (!best || tokens > best.tokens) best = { model: row.model, tokens };
  }
  return best?.model ?? null;
}
