"use server";

import { z } from "zod";
import type { FindRoutineResult } from "@/components/runs/by-request/by-request-types";
import { RUN_CONTROL_ROLES } from "@/lib/access";
import { ValidationError } from "@/lib/db/core";
import { retrieveRoutines } from "@/lib/db/memory";
import { checkRequest } from "@/lib/memory";
import { defineAction } from "@/lib/session";

// "Run by request" on the runs page: operators and admins (checked here, and again by the DAL). Starting the run
// goes through the designer's own start actions (app/(designer)/routines/[id]/run-actions.ts).

const EMPTY = "Describe what you need in a sentence.";

const findRoutine = defineAction(
  RUN_CONTROL_ROLES,
  z.string({ error: EMPTY }),
  async (viewer, request): Promise<FindRoutineResult> => {
    const checked = checkRequest(request);
    if (!checked.ok) throw new ValidationError(checked.message, { request: [checked.message] });
    const retrieval = await retrieveRoutines(viewer, checked.text);
    return {
      ok: true,
      retrieval: {
        request: checked.text,
        decision: retrieval.decision,
        candidates: retrieval.candidates.map(({ routineId, name, score, matched }) => ({
          routineId,
          name,
          score,
          matched,
        })),
        minScore: retrieval.thresholds.minScore,
        notice: retrieval.notice ?? null,
      },
    };
  },
);

/** Ranks the published routines for a request in words, for the operator to confirm or override before a run. */
export async function findRoutineAction(request: string): Promise<FindRoutineResult> {
  const result = await findRoutine(request);
  return "status" in result ? { ok: false, message: result.message } : result;
}
