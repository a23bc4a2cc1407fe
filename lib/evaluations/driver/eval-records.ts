import { z } from "zod";
import { suiteConfigurationSchema } from "../scoring";
import { contextSettingsSchema } from "../../context-modes";
import type { RunConfiguration } from "./eval-plans";

const runConfigurationsSchema = z.array(
  suiteConfigurationSchema.extend({
    distractorVersionIds: z.array(z.string()).max(5).default([]),
    context: contextSettingsSchema.optional(),
  }),
);

/** The configurations an eval run stored when it started; unreadable JSON reads as none. */
export function readRunConfigurations(stored: string): RunConfiguration[] {
  try {
    const parsed = runConfigurationsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
