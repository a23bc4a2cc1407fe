"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ADMIN_ROLES } from "@/lib/access";
import { updatePublishGateRule } from "@/lib/db/reviews";
import type { ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";

// Authorizes itself here and the DAL checks again: neither trusts the page that rendered the form.

const ruleForm = z.object({ rule: z.string({ error: "Choose how the gate judges a lower score." }) });

export const updatePublishGateRuleAction = defineAction(
  ADMIN_ROLES,
  ruleForm,
  async (viewer, input): Promise<ActionState> => {
    const { rule, changed } = await updatePublishGateRule(viewer, input);
    revalidatePath("/settings/publish-gate");
    const words =
      rule === "interval"
        ? "a version is blocked only when it is distinguishably worse than the published one (its 95% interval lies below zero)"
        : "a version is blocked when any suite's accuracy is lower than the published version's";
    return { status: "success", message: changed ? `Saved: ${words}.` : "Saved. Nothing had changed." };
  },
);
