"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ADMIN_ROLES } from "@/lib/access";
import { setRoutineMcpHidden } from "@/lib/db/integrations";
import type { ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";

// Authorizes itself here and the DAL checks again: neither trusts the page that rendered the form. The fields are
// hidden inputs of the row's button, so a bad value means a tampered or stale page, never a typing mistake.

const MALFORMED = "That request was malformed; reload the page and try again.";

const visibilityForm = z.object({
  routineId: z.string({ error: "Give the routine id." }).trim().min(1, "Give the routine id.").max(100),
  hidden: z.enum(["true", "false"], { error: 'Say whether to hide the routine: "true" or "false".' }),
});

/** Hides a published routine from MCP clients, or offers it again. Admins only. */
export const setRoutineMcpHiddenAction = defineAction(
  ADMIN_ROLES,
  visibilityForm,
  async (viewer, { routineId, hidden }): Promise<ActionState> => {
    const result = await setRoutineMcpHidden(viewer, { routineId, hidden: hidden === "true" });
    revalidatePath("/settings/integrations");
    if (!result.changed)
      return {
        status: "success",
        message: result.hidden ? "It was already hidden. Nothing changed." : "It was already offered. Nothing changed.",
      };
    return {
      status: "success",
      message: result.hidden
        ? "Hidden: MCP clients no longer see it from their next tool list."
        : "Offered again: MCP clients see it from their next tool list.",
    };
  },
  { invalidMessage: MALFORMED },
);
