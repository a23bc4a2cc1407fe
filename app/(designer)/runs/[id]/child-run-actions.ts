"use server";

import { z } from "zod";
import type { ChildRunResult } from "@/components/runs/stages/run-stages-types";
import { toRunViewSnapshot } from "@/components/runs/to-snapshot";
import { getChildRun } from "@/lib/runs/operations";
import { layoutIfUnpositioned } from "@/lib/graph";
import { defineAction } from "@/lib/session";

// Whoever sees the parent run and the child may read it here; the DAL checks both.

const read = defineAction(
  "signed-in",
  z.object({ runId: z.string().min(1).max(100), stepRunId: z.string().min(1).max(200) }),
  async (viewer, input): Promise<ChildRunResult> => {
    const child = await getChildRun(viewer, input);
    if (!child) return { ok: true, child: null };
    return { ok: true, child: toRunViewSnapshot(child, await layoutIfUnpositioned(child.routine)) };
  },
  { invalidMessage: "That request was malformed; reload the page and try again." },
);

/** The run a sub-routine step started (null while it has started none), for the step panel to show in place. */
export async function readChildRunAction(runId: string, stepRunId: string): Promise<ChildRunResult> {
  const result = await read({ runId, stepRunId });
  return "status" in result ? { ok: false, message: result.message } : result;
}
