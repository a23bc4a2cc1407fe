"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { CreateRoutineState, SourceProblem } from "@/components/routines/library-types";
import { formValues, toErrorState, type ActionState } from "@/lib/actions/action-state";
import { requireRole } from "@/lib/session/index";
import { archiveRoutine, createRoutine, duplicateRoutine, restoreRoutine, ValidationError, type RoutineSource } from "@/lib/db";
import { readRoutineSource } from "./read-source";

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

export async function createBlankRoutineAction(_previous: CreateRoutineState, formData: FormData): Promise<CreateRoutineState> {
  try {
    await requireRole("author", "admin");
    const { name, description } = parseForm(blankForm, formData);
    return created(await createRoutine({ name, description: description || undefined, source: "blank" }), []);
  } catch (error) {
    return toErrorState(error);
  }
}

export async function createRoutineFromTextAction(_previous: CreateRoutineState, formData: FormData): Promise<CreateRoutineState> {
  return createFromSource("text", formData);
}

export async function createRoutineFromJsonAction(_previous: CreateRoutineState, formData: FormData): Promise<CreateRoutineState> {
  return createFromSource("json", formData);
}

/** Parses pasted paper text or JSON; creates the routine only when it reads cleanly. */
async function createFromSource(kind: Exclude<RoutineSource, "blank">, formData: FormData): Promise<CreateRoutineState> {
  try {
    await requireRole("author", "admin");
    const { name, text } = parseForm(sourceForm, formData);
    const result = await readRoutineSource(kind, text, name);
    if (!result.ok) return problemsState(kind, result.errors);
    const routine = await createRoutine({ name: name || result.routine.name, routine: result.routine, source: kind });
    return created(routine, result.warnings);
  } catch (error) {
    return toErrorState(error);
  }
}

// Row actions end on the library again, keeping its search, with a notice about what happened (no JS needed).

export async function duplicateRoutineAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  let target: string;
  try {
    await requireRole("author", "admin");
    const copy = await duplicateRoutine({ routineId: String(formData.get("routineId") ?? "") });
    target = libraryUrl(formData, "created", copy.id);
  } catch (error) {
    return toErrorState(error);
  }
  revalidatePath("/routines");
  redirect(target);
}

export async function archiveRoutineAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return setArchived(formData, true);
}

export async function restoreRoutineAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return setArchived(formData, false);
}

async function setArchived(formData: FormData, archived: boolean): Promise<ActionState> {
  let target: string;
  try {
    await requireRole("author", "admin");
    const routineId = String(formData.get("routineId") ?? "");
    await (archived ? archiveRoutine : restoreRoutine)({ routineId });
    target = libraryUrl(formData, archived ? "archived" : "restored", routineId);
  } catch (error) {
    return toErrorState(error);
  }
  revalidatePath("/routines");
  redirect(target);
}

const libraryView = z.object({
  q: z.string().trim().max(200).catch(""),
  archived: z.literal("1").optional().catch(undefined),
});

/** The library URL with the search the form was sent from, plus a notice about `id`. */
function libraryUrl(formData: FormData, notice: "created" | "archived" | "restored", id: string): string {
  const { q, archived } = libraryView.parse(formValues(formData));
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (archived) params.set("archived", archived);
  params.set("notice", notice);
  params.set("id", id);
  return `/routines?${params.toString()}`;
}

function parseForm<T extends z.ZodType>(schema: T, formData: FormData): z.infer<T> {
  const parsed = schema.safeParse(formValues(formData));
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return parsed.data;
}

function created(routine: { id: string; name: string }, warnings: SourceProblem[]): CreateRoutineState {
  revalidatePath("/routines");
  return { status: "success", message: `“${routine.name}” was created.`, data: { id: routine.id, name: routine.name, warnings } };
}

function problemsState(kind: "text" | "json", problems: SourceProblem[]): CreateRoutineState {
  const what = kind === "text" ? "The text could not be read as a routine" : "This JSON is not a valid routine";
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  return { status: "error", message: `${what} (${count}); nothing was created. Fix it and try again.`, problems, fieldErrors: { text: [`${count} found; see the list.`] } };
}
