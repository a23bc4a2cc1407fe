"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";
import { setDefaultMode } from "@/lib/db/reviews";
import { RUN_MODES } from "@/lib/db/routines";
import { WRITER_ROLES } from "@/lib/access";

const defaultModeForm = z.object({
  routineId: z.string({ message: "Missing routine." }).trim().min(1, "Missing routine.").max(100),
  mode: z.enum(RUN_MODES, { message: "Choose workflow or agent." }),
});

/**
 * Sets how runs of the routine execute by default, in its working draft (a new draft from the published version when
 * none is open): it takes effect once that version is reviewed and published. Authors and admins (the DAL checks
 * again, with the lifecycle rules).
 */
export const setDefaultModeAction = defineAction(
  WRITER_ROLES,
  defaultModeForm,
  async (viewer, { routineId, mode }): Promise<ActionState> => {
    const change = await setDefaultMode(viewer, { routineId, mode });
    const base = `/routines/${encodeURIComponent(routineId)}`;
    revalidatePath("/routines");
    revalidatePath(base);
    revalidatePath(`${base}/versions`);
    const words = mode === "agent" ? "agent mode" : "workflow mode";
    if (!change.changed)
      return { status: "success", message: `Version ${change.number} already runs in ${words} by default.` };
    return {
      status: "success",
      message:
        `${change.newDraft ? "New draft" : "Draft"} v${change.number} now runs in ${words} by default. ` +
        `It takes effect once v${change.number} is reviewed and published.`,
    };
  },
);
