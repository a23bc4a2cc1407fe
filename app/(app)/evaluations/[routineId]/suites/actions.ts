"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { COMMENTER_ROLES, WRITER_ROLES } from "@/lib/access";
import type { ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";
import { ValidationError } from "@/lib/db/core";
import { EVAL_MODES } from "@/lib/evaluations/scoring";
import { CONTEXT_MODES } from "@/lib/context-modes";
import { createSuite, deleteSuite, updateSuite } from "@/lib/db/evals";
import { cancelEvalRun, getEvalRunProgress, startEvalRun, type EvalRunProgress } from "@/lib/evaluations/operations";

// Each action authorizes and validates here, and the DAL checks again. The suite form posts its configurations as
// one JSON field (rows of pickers), read and checked by the DAL's suite schema.

const MALFORMED = "That request was malformed; reload the page and try again.";

const configurationsField = z.string().transform((text, ctx) => {
  try {
    const value: unknown = JSON.parse(text);
    const rows = z
      .array(
        z.object({
          versionId: z.string(),
          model: z.string(),
          mode: z.enum(EVAL_MODES),
          distractors: z.coerce.number(),
          contextMode: z.enum(CONTEXT_MODES).optional(),
        }),
      )
      .safeParse(value);
    if (rows.success) return rows.data;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: "custom", message: "The configurations could not be read; reload the page." });
  return z.NEVER;
});

const suiteForm = z.object({
  routineId: z.string().min(1, "Missing the routine."),
  suiteId: z.string().optional(),
  name: z.string(),
  concurrency: z.string(),
  trials: z.string().default("1"),
  configurations: configurationsField,
});

export const saveSuiteAction = defineAction(
  WRITER_ROLES,
  suiteForm,
  async (viewer, input): Promise<ActionState> => {
    const fields = {
      name: input.name,
      concurrency: input.concurrency,
      trials: input.trials,
      configurations: input.configurations,
    };
    let suiteId = input.suiteId;
    try {
      if (suiteId) await updateSuite(viewer, { ...fields, suiteId });
      else ({ suiteId } = await createSuite(viewer, { ...fields, routineId: input.routineId }));
    } catch (error) {
      // The configuration rows' errors come keyed by index; the form shows them under its one configurations list.
      if (error instanceof ValidationError) {
        const configurations = Object.entries(error.fieldErrors)
          .filter(([key]) => key.startsWith("configurations"))
          .flatMap(([, messages]) => messages);
        if (configurations.length > 0)
          throw new ValidationError(error.message, { ...error.fieldErrors, configurations });
      }
      throw error;
    }
    redirect(`/evaluations/${input.routineId}/suites/${suiteId}`);
  },
  { invalidMessage: "Some fields need attention." },
);

const suiteRef = z.object({ routineId: z.string().min(1), suiteId: z.string().min(1) });

export const deleteSuiteAction = defineAction(
  WRITER_ROLES,
  suiteRef,
  async (viewer, { routineId, suiteId }): Promise<ActionState> => {
    await deleteSuite(viewer, suiteId);
    redirect(`/evaluations/${routineId}/suites`);
  },
  { invalidMessage: MALFORMED },
);

export const startSuiteAction = defineAction(
  COMMENTER_ROLES,
  suiteRef,
  async (viewer, { routineId, suiteId }): Promise<ActionState> => {
    const { evalRunId } = await startEvalRun(viewer, { suiteId });
    redirect(`/evaluations/${routineId}/suites/${suiteId}?run=${evalRunId}`);
  },
  { invalidMessage: MALFORMED },
);

export const cancelSuiteRunAction = defineAction(
  COMMENTER_ROLES,
  z.object({ evalRunId: z.string().min(1) }),
  async (viewer, { evalRunId }): Promise<ActionState> => {
    await cancelEvalRun(viewer, { evalRunId });
    return { status: "success", message: "Cancelling: the cases not started are skipped." };
  },
  { invalidMessage: MALFORMED },
);

/** The small read the progress bar polls. */
export const readProgressAction = defineAction(
  COMMENTER_ROLES,
  z.object({ evalRunId: z.string().min(1) }),
  async (viewer, { evalRunId }): Promise<{ status: "success"; progress: EvalRunProgress }> => ({
    status: "success",
    progress: await getEvalRunProgress(viewer, evalRunId),
  }),
  { invalidMessage: MALFORMED },
);
