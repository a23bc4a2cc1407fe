"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";
import { acceptToolChanges, saveRoutineAsCopy, saveRoutineDraft } from "@/lib/db/routines";
import { StaleSaveError } from "@/lib/db/core";
import { WRITER_ROLES } from "@/lib/access";

// Called by the designer from the client, not from a form: plain inputs in, a small result union out.
// Each action authorizes itself and the DAL checks again.

const MALFORMED = "That request was malformed; reload the page and try again.";

type ErrorResult = { status: "error"; message: string; fieldErrors?: Record<string, string[]> };

export type SaveDraftResult =
  { status: "saved"; revision: number } | { status: "stale"; currentRevision: number } | ErrorResult;

export type SaveAsCopyResult = { status: "saved"; id: string } | ErrorResult;

const saveDraftInput = z.object({
  routineId: z.string().min(1).max(100),
  baseRevision: z.number().int().min(0),
  routine: z.unknown(),
});

const saveAsCopyInput = z.object({ routine: z.unknown(), name: z.string() });

const saveDraft = defineAction(
  WRITER_ROLES,
  saveDraftInput,
  async (viewer, input): Promise<SaveDraftResult> => {
    try {
      const { revision } = await saveRoutineDraft(viewer, input);
      return { status: "saved", revision };
    } catch (error) {
      if (error instanceof StaleSaveError) return { status: "stale", currentRevision: error.currentRevision };
      throw error;
    }
  },
  { invalidMessage: MALFORMED },
);

/**
 * Saves the designer's routine over the working draft. `baseRevision` is the revision the designer loaded or
 * last saved; when someone saved in between the result is `stale` with the stored revision and nothing is written.
 */
export async function saveRoutineDraftAction(input: {
  routineId: string;
  baseRevision: number;
  routine: unknown;
}): Promise<SaveDraftResult> {
  return saveDraft(input);
}

const saveAsCopy = defineAction(
  WRITER_ROLES,
  saveAsCopyInput,
  async (viewer, input): Promise<SaveAsCopyResult> => {
    const { id } = await saveRoutineAsCopy(viewer, input);
    return { status: "saved", id };
  },
  { invalidMessage: MALFORMED },
);

/** Keeps the designer's routine as a new routine (after a stale save, "keep mine as a copy"). Returns its id. */
export async function saveRoutineAsCopyAction(input: { routine: unknown; name: string }): Promise<SaveAsCopyResult> {
  return saveAsCopy(input);
}

/** Accepts the current schemas of the changed tools this draft uses (clears the "tool changed" banner). */
export const acceptToolChangesAction = defineAction(
  WRITER_ROLES,
  z.object({ routineId: z.string().default("") }),
  async (viewer, { routineId }): Promise<ActionState> => {
    await acceptToolChanges(viewer, { routineId });
    revalidatePath(`/routines/${routineId}`);
    revalidatePath("/routines");
    return { status: "success", message: "The routine now uses the tools' current schemas." };
  },
);
