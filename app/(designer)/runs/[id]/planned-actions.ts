"use server";

import { z } from "zod";
import type { SavedDraft } from "@/components/runs/planned-types";
import { RUN_CONTROL_ROLES, WRITER_ROLES } from "@/lib/access";
import type { ActionState } from "@/lib/forms";
import { editPlannedTask, editPlannedTaskInput, saveRunAsDraft } from "@/lib/runs/planned-operations";
import { defineAction } from "@/lib/session";

// A planned run's own actions on the run page: edit a pending task of a paused run (operators and admins), save a
// run that succeeded as a routine draft (authors and admins). Authorized and validated here, and again in the DAL.
// No revalidation: the edited list reaches the page through the run's event stream.

const MALFORMED = "That request was malformed; reload the page and try again.";

// The DAL's own input, with the form's empty actor choice ("the planner chooses") read as null.
const taskEdit = editPlannedTaskInput.extend({
  actorId: z
    .string()
    .trim()
    .max(64, "That actor is unknown.")
    .transform((value) => value || null),
});

/** Edits a pending task of a paused planned run: its title, when it is done, and who carries it out. */
export const editTaskAction = defineAction(
  RUN_CONTROL_ROLES,
  taskEdit,
  async (viewer, { runId, taskId, title, criteria, actorId }): Promise<ActionState> => {
    await editPlannedTask(viewer, runId, taskId, { title, criteria, actorId });
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
