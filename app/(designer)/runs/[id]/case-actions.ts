"use server";

import { z } from "zod";
import { WRITER_ROLES } from "@/lib/access";
import { saveRunAsTestCase } from "@/lib/evaluations/operations";
import type { ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";

// "Save as test case" on the run page: authorized here and again in the DAL (which also hides runs the viewer may
// not see).

export const saveRunAsCaseAction = defineAction(
  WRITER_ROLES,
  z.object({ runId: z.string().min(1, "Missing the run.").max(100), name: z.string().max(1_000) }),
  async (viewer, { runId, name }): Promise<ActionState<{ caseId: string; routineId: string }>> => {
    const row = await saveRunAsTestCase(viewer, runId, name);
    return {
      status: "success",
      message: `Saved "${row.name}" with ${row.expectedCalls.length} expected call${row.expectedCalls.length === 1 ? "" : "s"}.`,
      data: { caseId: row.id, routineId: row.routineId },
    };
  },
  { invalidMessage: "That request was malformed; reload the page and try again." },
);
