import "server-only";
import { requireUser } from "../../session/session";
import { prisma } from "../core/client";
import { NotFoundError, parseInput, withDbErrors } from "../core/errors";
import { runIdInput } from "./run-inputs";
import { canViewRun } from "./run-views";

/**
 * The model a run's tokens were spent on (the one with the most tokens among its recorded model calls), for the
 * run view's cost estimate; null before its first model call. Same visibility as getRun.
 */
export async function getRunModel(runId: string): Promise<string | null> {
  const viewer = await requireUser();
  const input = parseInput(runIdInput, { runId });
  if (!(await canViewRun(viewer, input.runId))) throw new NotFoundError("That run does not exist, or you do not have access to it.");
  const rows = await withDbErrors(() =>
    prisma.llmCall.groupBy({ by: ["model"], where: { runId: input.runId }, _sum: { inputTokens: true, outputTokens: true } }),
  );
  let best: { model: string; tokens: number } | null = null;
  for (const row of rows) {
    const tokens = (row._sum.inputTokens ?? 0) + (row._sum.outputTokens ?? 0);
    if (!best || tokens > best.tokens) best = { model: row.model, tokens };
  }
  return best?.model ?? null;
}
