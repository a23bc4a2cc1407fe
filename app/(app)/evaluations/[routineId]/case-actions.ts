"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ImportState, ProposeState } from "@/components/evals/cases/case-types";
import { toErrorState } from "@/lib/actions";
import { WRITER_ROLES } from "@/lib/access";
import {
  CASE_READ_ROLES,
  createTestCase,
  deleteTestCase,
  dropProposedCase,
  exportTestCases,
  importTestCases,
  keepProposedCase,
  updateTestCase,
} from "@/lib/db/evals";
import { proposeTestCases } from "@/lib/evaluations/operations";
import type { ActionState } from "@/lib/forms";
import { isLlmError } from "@/lib/llm";
import { isPlannerError } from "@/lib/planner";
import { defineAction } from "@/lib/session";

// Each action authorizes and validates here, and the DAL checks again (and parses the case with the case schema).

const MALFORMED = "That request was malformed; reload the page and try again.";
const routineForm = z.object({ routineId: z.string().min(1, "Missing the routine.").max(100) });
const caseForm = routineForm.extend({ caseId: z.string().min(1, "Missing the test case.").max(100) });

const refresh = (routineId: string) => revalidatePath(`/evaluations/${encodeURIComponent(routineId)}`);

export const saveCaseAction = defineAction(
  WRITER_ROLES,
  routineForm.extend({ caseId: z.string().max(100).optional(), content: z.unknown() }),
  async (viewer, { routineId, caseId, content }): Promise<ActionState> => {
    const row = caseId
      ? await updateTestCase(viewer, caseId, content as never)
      : await createTestCase(viewer, routineId, content as never);
    refresh(routineId);
    return { status: "success", message: caseId ? `Saved "${row.name}".` : `Added "${row.name}".` };
  },
  { invalidMessage: MALFORMED },
);

export const deleteCaseAction = defineAction(
  WRITER_ROLES,
  caseForm,
  async (viewer, { routineId, caseId }): Promise<ActionState> => {
    await deleteTestCase(viewer, caseId);
    refresh(routineId);
    return { status: "success", message: "The case was deleted." };
  },
  { invalidMessage: MALFORMED },
);

export async function importCasesAction(input: { routineId: string; text: string }): Promise<ImportState> {
  const result = await importCases(input);
  if ("ok" in result) {
    if (!result.ok) {
      const count = result.errors.length;
      return {
        status: "error",
        message: `Nothing was imported: ${count === 1 ? "1 line needs" : `${count} problems need`} fixing first.`,
        lines: result.errors,
      };
    }
    return { status: "success", message: `Imported ${result.count} case${result.count === 1 ? "" : "s"}.` };
  }
  return result;
}

const importCases = defineAction(
  WRITER_ROLES,
  routineForm.extend({ text: z.string({ error: "Choose a JSONL file or paste its lines." }) }),
  async (viewer, { routineId, text }) => {
    const outcome = await importTestCases(viewer, routineId, text);
    if (outcome.ok) refresh(routineId);
    return outcome;
  },
  { invalidMessage: MALFORMED },
);

export const exportCasesAction = defineAction(
  CASE_READ_ROLES,
  routineForm,
  async (viewer, { routineId }): Promise<ActionState<{ text: string; fileName: string }>> => {
    const text = await exportTestCases(viewer, routineId);
    return { status: "success", message: "Exported.", data: { text, fileName: `test-cases-${routineId}.jsonl` } };
  },
  { invalidMessage: MALFORMED },
);

export const proposeCasesAction = defineAction(
  WRITER_ROLES,
  routineForm.extend({ count: z.coerce.number() }),
  async (viewer, { routineId, count }): Promise<ProposeState> => {
    try {
      const outcome = await proposeTestCases(viewer, routineId, count);
      refresh(routineId);
      const made = `The planner proposed ${outcome.created} case${outcome.created === 1 ? "" : "s"}`;
      const dropped =
        outcome.dropped.length > 0 ? `; ${outcome.dropped.length} more were not valid and were dropped:` : ".";
      return {
        status: "success",
        message: `${made}${dropped}`,
        data: { created: outcome.created, dropped: outcome.dropped.map(({ name, reason }) => ({ name, reason })) },
      };
    } catch (error) {
      // The planner's and the model client's messages are written for people (what happened, what to do).
      if (isPlannerError(error) || isLlmError(error)) return { status: "error", message: error.message };
      return toErrorState(error);
    }
  },
  { invalidMessage: MALFORMED },
);

export const keepCaseAction = defineAction(
  WRITER_ROLES,
  caseForm,
  async (viewer, { routineId, caseId }): Promise<ActionState> => {
    const row = await keepProposedCase(viewer, caseId);
    refresh(routineId);
    return { status: "success", message: `Kept "${row.name}".` };
  },
  { invalidMessage: MALFORMED },
);

export const dropCaseAction = defineAction(
  WRITER_ROLES,
  caseForm,
  async (viewer, { routineId, caseId }): Promise<ActionState> => {
    await dropProposedCase(viewer, caseId);
    refresh(routineId);
    return { status: "success", message: "The proposal was dropped." };
  },
  { invalidMessage: MALFORMED },
);
