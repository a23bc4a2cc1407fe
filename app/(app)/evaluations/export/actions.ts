"use server";

import { EXPORT_ROLES, countTrainingExamples } from "@/lib/db/evals";
import { trainingFilterSchema } from "@/lib/eval";
import { defineAction } from "@/lib/session";

/** How many examples the export page's filter takes, shown before the download. The DAL checks the role again. */
export const countTrainingExamplesAction = defineAction(
  EXPORT_ROLES,
  trainingFilterSchema,
  async (viewer, filter): Promise<{ status: "ok"; count: number }> => ({
    status: "ok",
    count: await countTrainingExamples(viewer, filter),
  }),
  { invalidMessage: "Check the filter." },
);
