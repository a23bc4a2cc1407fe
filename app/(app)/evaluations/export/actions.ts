"use server";

import { EXPORT_ROLES, summarizeTrainingExport } from "@/lib/db/evals";
import { trainingFilterSchema, type TrainingSummary } from "@/lib/evaluations/scoring";
import { defineAction } from "@/lib/session";

/**
 * What the export page's filter takes, shown before the download: the examples and the runs each rule left out.
 * The DAL checks the role again.
 */
export const summarizeTrainingExportAction = defineAction(
  EXPORT_ROLES,
  trainingFilterSchema,
  async (viewer, filter): Promise<{ status: "ok"; summary: TrainingSummary }> => ({
    status: "ok",
    summary: await summarizeTrainingExport(viewer, filter),
  }),
  { invalidMessage: "Check the filter." },
);
