"use server";

import { z } from "zod";
import type { SavedDraft } from "@/components/runs/planned-types";
import { RUN_CONTROL_ROLES, WRITER_ROLES } from "@/lib/access";
import { PLAN_LIMITS } from "@/lib/events";
import type { ActionState } from "@/lib/forms";
import { editPlannedTask, saveRunAsDraft } from "@/lib/db/planned-runs";
import { defineAction } from "@/lib/session";

// A planned run's own actions on the run page: edit a pending task of a paused run (operators and admins), save a
// run that succeeded as a routine draft (authors and admins). Authorized and validated here, and again in the DAL.
// No revalidation: the edited list reaches the page through the run's event stream.

const MALFORMED = "That request was malformed; reload the page and try again.";

const taskEdit = z.object({
  runId: z.string().min(1, "Missing the run.").max(100),
  taskId: z.string().regex(/^t[0-9]{1,4}$/, "That is not a task of this run."),
  title: z
    .string()
    .trim()
    .min(1, "Give the task a title.")
    .max(PLAN_LIMITS.titleLength, `Keep the title under ${PLAN_LIMITS.titleLength} characters.`),
  criteria: z
    .string()
    .trim()
    .min(1, "Say when the task counts as done.")
    .max(PLAN_LIMITS.criteriaLength, `Keep the criteria under ${PLAN_LIMITS.criteriaLength} characters.`),
  /** Empty: the planner chooses the actor. */
  actorId: z.string().trim().max(64, "That actor is unknown."),
});

/** Edits a pending task of a paused planned run: its title, when it is done, and who carries it out. */
export const editTaskAction = defineAction(
  RUN_CONTROL_ROLES,
  taskEdit,
  async (viewer, { runId, taskId, title, criteria, actorId }): Promise<ActionState> => {
    await editPlannedTask(viewer, runId, taskId, { title, criteria, actorId: actorId || null });
    return { status: "success", message: `Task ${taskId} saved: the planner works from it when the run resumes.` };
  },
  { invalidMessage: "Some fields need attention." },
);

/** Saves a planned run that succeeded as a new routine whose first version is a draft, owned by the viewer. */
export const saveAsDraftAction = defineAction(
  WRITER_ROLES,
  z.object({ runId: z.string().min(1, "Missing the run.").max(100) }),
  async (viewer, { runId }): Promise<ActionState<SavedDraft>> => {
    const drafted = await saveRunAsDraft(viewer, runId);
    const issues = drafted.issues.length;
    return {
      status: "success",
      message: `Saved as a routine draft with ${issues === 1 ? "1 validation issue" : `${issues} validation issues`}.`,
      data: { routineId: drafted.routineId, versionId: drafted.versionId, issues },
    };
  },
  { invalidMessage: MALFORMED },
);
