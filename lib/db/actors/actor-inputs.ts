import { z } from "zod";
import { idSchema, toolRefSchema } from "../../routine";
import { toolKey } from "../../tools";

/** The most tools one toolkit bundles: a persona with more than this is no specialist. */
export const MAX_TOOLKIT_TOOLS = 200;

const nameField = (what: string) =>
  z
    .string({ error: `Give the ${what} a name.` })
    .trim()
    .min(1, `Give the ${what} a name.`)
    .max(80, `Keep the ${what}'s name to 80 characters.`);

export const toolkitInputSchema = z.object({
  name: nameField("toolkit"),
  description: z.string().trim().max(1000, "Keep the description to 1,000 characters.").default(""),
  tools: z
    .array(toolRefSchema)
    .max(MAX_TOOLKIT_TOOLS, `A toolkit holds at most ${MAX_TOOLKIT_TOOLS} tools.`)
    .refine((tools) => new Set(tools.map(toolKey)).size === tools.length, "Each tool may be listed only once.")
    .default([]),
});
export type ToolkitInput = z.input<typeof toolkitInputSchema>;

export const actorInputSchema = z.object({
  name: nameField("actor"),
  persona: z.string().trim().max(4000, "Keep the persona to 4,000 characters.").default(""),
  toolkitId: z.string({ error: "Choose a toolkit." }).trim().min(1, "Choose a toolkit.").max(100),
  /** Empty: the configured executor model. */
  model: z
    .string()
    .trim()
    .max(200, "Keep the model name to 200 characters.")
    .nullish()
    .transform((model) => (model ? model : null)),
});
export type ActorInput = z.input<typeof actorInputSchema>;

export const recordIdSchema = z.object({ id: idSchema });
