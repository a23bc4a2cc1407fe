"use server";

import { z } from "zod";
import type { FindRoutineResult, PlanRequestResult } from "@/components/runs/by-request/by-request-types";
import { RUN_CONTROL_ROLES } from "@/lib/access";
import { ValidationError } from "@/lib/db/core";
import { retrieveRoutines } from "@/lib/db/memory";
import { startPlannedRun } from "@/lib/runs/operations";
import { checkRequest } from "@/lib/memory";
import { defineAction } from "@/lib/session";

// "Run by request" on the runs page: operators and admins (checked here, and again by the DAL). Starting a routine's
// run goes through the designer's own start actions (app/(designer)/routines/[id]/run-actions.ts); "Plan it" starts
// a planned run (no routine) here.

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

const planRequest = defineAction(
  RUN_CONTROL_ROLES,
  // Checked as Find routine checks it (empty, over MAX_REQUEST_CHARS once trimmed): whatever it ranked can be planned.
  z.object({ request: z.string({ error: EMPTY }) }),
  async (viewer, { request }): Promise<PlanRequestResult> => {
    const checked = checkRequest(request);
    if (!checked.ok) throw new ValidationError(checked.message, { request: [checked.message] });
    const { runId } = await startPlannedRun(viewer, { request: checked.text, source: "ui" });
    return { ok: true, runId };
  },
);

/**
 * "Plan it": starts a planned run for the request (the planner breaks it into tasks for actors), when no routine
 * fits or the operator prefers it to the routine suggested. Answers the new run's id for the page to open.
 */
export async function startPlannedRunAction(input: { request: string }): Promise<PlanRequestResult> {
  const result = await planRequest(input);
  return "status" in result ? { ok: false, message: result.message } : result;
}
