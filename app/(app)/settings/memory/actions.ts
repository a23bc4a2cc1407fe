"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { RetrievalView } from "@/components/memory/memory-types";
import { ADMIN_ROLES } from "@/lib/access";
import { retrieveRoutines, updateMemoryThresholds } from "@/lib/db/memory";
import { typedNumber, type ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";

// Each action authorizes itself here and the DAL checks again: neither trusts the page that rendered the form.

const thresholdsForm = z.object({
  minScore: typedNumber("Enter the minimum score as a number between 0 and 1, for example 0.3."),
  ambiguityMargin: typedNumber("Enter the ambiguity margin as a number between 0 and 0.5, for example 0.05."),
});

export const updateMemoryThresholdsAction = defineAction(
  ADMIN_ROLES,
  thresholdsForm,
  async (viewer, input): Promise<ActionState> => {
    const { thresholds, changed } = await updateMemoryThresholds(viewer, input);
    revalidatePath("/settings/memory");
    return {
      status: "success",
      message: changed
        ? `Saved. Retrieval now answers "none" below ${thresholds.minScore} and "ambiguous" when the top two are within ${thresholds.ambiguityMargin}.`
        : "Saved. Nothing had changed.",
    };
  },
);

const tryForm = z.object({ request: z.string({ error: "Type a request to try." }) });

/** Runs one retrieval as the admin, under the saved thresholds, for the calibration screen. Writes nothing. */
export const tryRetrievalAction = defineAction(
  ADMIN_ROLES,
  tryForm,
  async (viewer, { request }): Promise<ActionState<RetrievalView>> => {
    const retrieval = await retrieveRoutines(viewer, request);
    const count = retrieval.candidates.length;
    return {
      status: "success",
      message: `${count} candidate${count === 1 ? "" : "s"}; decision: ${retrieval.decision}.`,
      data: { request: request.trim(), ...retrieval },
    };
  },
);
