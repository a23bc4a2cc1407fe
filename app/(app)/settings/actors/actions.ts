"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ADMIN_ROLES } from "@/lib/access";
import {
  createActorProfile,
  createToolkit,
  deleteActorProfile,
  deleteToolkit,
  updateActorProfile,
  updateToolkit,
} from "@/lib/db/actors";
import type { ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";

// Each action authorizes itself here and the DAL checks again (roles, lengths, the catalog, names taken).

const PAGE = "/settings/actors";

/** The record being edited; absent when the form creates one. */
const editedId = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((id) => id || undefined);

const TOOLS_MESSAGE = "The chosen tools could not be read; reload the page and choose them again.";

/** The checklist posts its selection as JSON `[{server, name}]`, so tools hidden by the search still count. */
const toolsField = z
  .string()
  .default("[]")
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: TOOLS_MESSAGE });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.object({ server: z.string(), name: z.string() }), { error: TOOLS_MESSAGE }));

const toolkitForm = z.object({
  id: editedId,
  name: z.string().default(""),
  description: z.string().default(""),
  tools: toolsField,
});

export const saveToolkitAction = defineAction(
  ADMIN_ROLES,
  toolkitForm,
  async (viewer, { id, ...input }): Promise<ActionState> => {
    const toolkit = id ? await updateToolkit(viewer, id, input) : await createToolkit(viewer, input);
    revalidatePath(PAGE);
    const count = toolkit.tools.length;
    return {
      status: "success",
      message: `${id ? "Saved" : "Created"} the toolkit “${toolkit.name}” (${count} tool${count === 1 ? "" : "s"}).`,
    };
  },
);

const deleteForm = z.object({ id: z.string({ error: "Nothing to delete was given." }).trim().min(1).max(100) });

export const deleteToolkitAction = defineAction(
  ADMIN_ROLES,
  deleteForm,
  async (viewer, { id }): Promise<ActionState> => {
    await deleteToolkit(viewer, id);
    revalidatePath(PAGE);
    return { status: "success", message: "The toolkit was deleted." };
  },
);

const actorForm = z.object({
  id: editedId,
  name: z.string().default(""),
  persona: z.string().default(""),
  toolkitId: z.string().default(""),
  model: z.string().default(""),
});

export const saveActorAction = defineAction(
  ADMIN_ROLES,
  actorForm,
  async (viewer, { id, ...input }): Promise<ActionState> => {
    const actor = id ? await updateActorProfile(viewer, id, input) : await createActorProfile(viewer, input);
    revalidatePath(PAGE);
    return {
      status: "success",
      message: `${id ? "Saved" : "Created"} the actor “${actor.name}”, working with “${actor.toolkit.name}”.`,
    };
  },
);

export const deleteActorAction = defineAction(ADMIN_ROLES, deleteForm, async (viewer, { id }): Promise<ActionState> => {
  await deleteActorProfile(viewer, id);
  revalidatePath(PAGE);
  return { status: "success", message: "The actor was deleted." };
});
