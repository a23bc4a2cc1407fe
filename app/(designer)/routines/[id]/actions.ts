"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { toErrorState, type ActionState } from "@/lib/actions/action-state";
import { requireRole } from "@/lib/session/index";
import { acceptToolChanges, saveRoutineAsCopy, saveRoutineDraft, StaleSaveError, ValidationError } from "@/lib/db";

// Called by the designer from the client, not from a form: plain inputs in, a small result union out.
// Each action authorizes itself and the DAL checks again.

export type SaveDraftResult =
  | { status: "saved"; revision: number }
  | { status: "stale"; currentRevision: number }
  | { status: "error"; message: string; fieldErrors?: Record<string, string[]> };

export type SaveAsCopyResult = { status: "saved"; id: string } | { status: "error"; message: string; fieldErrors?: Record<string, string[]> };

const saveDraftInput = z.object({
  routineId: z.string().min(1).max(100),
  baseRevision: z.number().int().min(0),
  routine: z.unknown(),
});

const saveAsCopyInput = z.object({ routine: z.unknown(), name: z.string() });

/**
 * Saves the designer's routine over the working draft. `baseRevision` is the revision the designer loaded or
 * last saved; when someone saved in between the result is `stale` with the stored revision and nothing is written.
 */
export async function saveRoutineDraftAction(input: { routineId: string; baseRevision: number; routine: unknown }): Promise<SaveDraftResult> {
  try {
    await requireRole("author", "admin");
    const { revision } = await saveRoutineDraft(parse(saveDraftInput, input));
    return { status: "saved", revision };
  } catch (error) {
    if (error instanceof StaleSaveError) return { status: "stale", currentRevision: error.currentRevision };
    return errorResult(error);
  }
}

/** Keeps the designer's routine as a new routine (after a stale save, "keep mine as a copy"). Returns its id. */
export async function saveRoutineAsCopyAction(input: { routine: unknown; name: string }): Promise<SaveAsCopyResult> {
  try {
    await requireRole("author", "admin");
    const { id } = await saveRoutineAsCopy(parse(saveAsCopyInput, input));
    return { status: "saved", id };
  } catch (error) {
    return errorResult(error);
  }
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error, "That request was malformed; reload the page and try again.");
  return parsed.data;
}

function errorResult(error: unknown): { status: "error"; message: string; fieldErrors?: Record<string, string[]> } {
  const { message, fieldErrors } = toErrorState(error);
  return fieldErrors ? { status: "error", message, fieldErrors } : { status: "error", message };
}

/** Accepts the current schemas of the changed tools this draft uses (clears the "tool changed" banner). */
export async function acceptToolChangesAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireRole("author", "admin");
    const routineId = String(formData.get("routineId") ?? "");
    await acceptToolChanges({ routineId });
    revalidatePath(`/routines/${routineId}`);
    revalidatePath("/routines");
    return { status: "success", message: "The routine now uses the tools' current schemas." };
  } catch (error) {
    return toErrorState(error);
  }
}
