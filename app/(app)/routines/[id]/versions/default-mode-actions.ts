"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";
import { RUN_MODES, setDefaultMode } from "@/lib/db/routines";
import { WRITER_ROLES } from "@/lib/access";

const defaultModeForm = z.object({
  routineId: z.string({ message: "Missing routine." }).trim().min(1, "Missing routine.").max(100),
  mode: z.enum(RUN_MODES, { message: "Choose workflow or agent." }),
});

/** Sets how runs of the routine execute by default. Authors and admins (the DAL checks again). */
export const setDefaultModeAction = defineAction(
  WRITER_ROLES,
  defaultModeForm,
  async (viewer, { routineId, mode }): Promise<ActionState> => {
    await setDefaultMode(viewer, routineId, mode);
    revalidatePath(`/routines/${encodeURIComponent(routineId)}/versions`);
    return {
      status: "success",
      message: mode === "agent" ? "Runs default to agent mode." : "Runs default to workflow mode.",
    };
  },
);
