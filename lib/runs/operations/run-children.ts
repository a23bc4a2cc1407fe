import "server-only";
import { z } from "zod";
import { requireUser, type Viewer } from "../../access";
import { parseInput, prisma, withDbErrors } from "../../db/core";
import { getRun, type RunView } from "./run-views";
import { assertRunVisible } from "./run-visibility";

const childRunInput = z.object({
  runId: z.string().trim().min(1, "Give the run id.").max(100, "That is not a valid run id."),
  stepRunId: z.string().trim().min(1, "Give the step run id.").max(200, "That is not a valid step run id."),
});

/**
 * The run a sub-routine step started (its child), opened as getRun opens a run; null while the step has started
 * none. The parent must be visible to the viewer, and the child too (NotFoundError otherwise, as for any run).
 */
export async function getChildRun(
  viewer: Viewer | null,
  input: { runId: string; stepRunId: string },
): Promise<RunView | null> {
  requireUser(viewer);
  const { runId, stepRunId } = parseInput(childRunInput, input);
  await assertRunVisible(viewer, runId);
  const child = await withDbErrors(() =>
    prisma.run.findFirst({
      where: { parentRunId: runId, parentStepRunId: stepRunId },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    }),
  );
  return child ? getRun(viewer, child.id) : null;
}
