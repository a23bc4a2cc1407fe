import "server-only";
import { type Viewer, requireUser } from "../../access";
import { parseInput, prisma, withDbErrors } from "../../db/core";
import { runIdInput } from "./run-inputs";
import { assertRunVisible } from "./run-visibility";

/**
 * The model a run's tokens were spent on (the one with the most tokens among its recorded model calls), for the
 * run view's cost estimate; null before its first model call. Same visibility as getRun.
 */
export async function getRunModel(viewer: Viewer | null, runId: string): Promise<string | null> {
  requireUser(viewer);
  const input = parseInput(runIdInput, { runId });
  await assertRunVisible(viewer, input.runId);
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
