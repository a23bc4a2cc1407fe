"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { CreateRoutineState, SourceProblem } from "@/components/routines/library-types";
import type { ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";
import { archiveRoutine, createRoutine, duplicateRoutine, restoreRoutine, type RoutineSource } from "@/lib/db/routines";
import { readRoutineSource } from "./read-source";
import { WRITER_ROLES } from "@/lib/access";

// Each action authorizes itself here and the DAL checks again: neither trusts the page that rendered the form.

/** Pasted sources above this are refused before parsing (the stored JSON is limited to 5 MB by the DAL). */
const MAX_SOURCE_CHARS = 8 * 1024 * 1024;

const blankForm = z.object({ name: z.string().default(""), description: z.string().default("") });
const sourceForm = z.object({
  name: z.string().trim().max(200).default(""),
  text: z
    .string()
    .default("")
    .refine((text) => text.trim().length > 0, "Paste the routine here, or choose a file.")
    .refine((text) => text.length <= MAX_SOURCE_CHARS, "This is too large: paste at most 8 MB."),
});

/** A library row's form: the routine, and the search the library showed (kept in the URL it returns to). */
const rowForm = z.object({
  routineId: z.string().default(""),
  q: z.string().trim().max(200).catch(""),
  archived: z.literal("1").optional().catch(undefined),
});

export const createBlankRoutineAction = defineAction(
  WRITER_ROLES,
  blankForm,
  async (viewer, { name, description }): Promise<CreateRoutineState> => {
    return created(await createRoutine(viewer, { name, description: description || undefined, source: "blank" }), []);
  },
);

/** Parses pasted paper text or JSON; creates the routine only when it reads cleanly. */
function createFromSource(kind: Exclude<RoutineSource, "blank">) {
  return defineAction(WRITER_ROLES, sourceForm, async (viewer, { name, text }): Promise<CreateRoutineState> => {
    const result = await readRoutineSource(viewer, kind, text, name);
    if (!result.ok) return problemsState(kind, result.errors);
    const routine = await createRoutine(viewer, {
      name: name || result.routine.name,
      routine: result.routine,
      source: kind,
    });
    return created(routine, result.warnings);
  });
}

export const createRoutineFromTextAction = createFromSource("text");

export const createRoutineFromJsonAction = createFromSource("json");

// Row actions end on the library again, keeping its search, with a notice about what happened (no JS needed).
// The DAL validates the routine id; redirect() passes through defineAction.

export const duplicateRoutineAction = defineAction(
  WRITER_ROLES,
  rowForm,
  async (viewer, form): Promise<ActionState> => {
    const copy = await duplicateRoutine(viewer, { routineId: form.routineId });
    revalidatePath("/routines");
    redirect(libraryUrl(form, "created", copy.id));
  },
);

function setArchived(archived: boolean) {
  return defineAction(WRITER_ROLES, rowForm, async (viewer, form): Promise<ActionState> => {
    await (archived ? archiveRoutine : restoreRoutine)(viewer, { routineId: form.routineId });
    revalidatePath("/routines");
    redirect(libraryUrl(form, archived ? "archived" : "restored", form.routineId));
  });
}

export const archiveRoutineAction = setArchived(true);

export const restoreRoutineAction = setArchived(false);

/** The library URL with the search the form was sent from, plus a notice about `id`. */
function libraryUrl(
  { q, archived }: z.infer<typeof rowForm>,
  notice: "created" | "archived" | "restored",
  id: string,
): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (archived) params.set("archived", archived);
  params.set("notice", notice);
  params.set("id", id);
  return `/routines?${params.toString()}`;
}

function created(routine: { id: string; name: string }, warnings: SourceProblem[]): CreateRoutineState {
  revalidatePath("/routines");
  return {
    status: "success",
    message: `“${routine.name}” was created.`,
    data: { id: routine.id, name: routine.name, warnings },
  };
}

function problemsState(kind: "text" | "json", problems: SourceProblem[]): CreateRoutineState {
  const what = kind === "text" ? "The text could not be read as a routine" : "This JSON is not a valid routine";
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  return {
    status: "error",
    message: `${what} (${count}); nothing was created. Fix it and try again.`,
    problems,
    fieldErrors: { text: [`${count} found; see the list.`] },
  };
}
