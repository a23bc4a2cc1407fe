import "server-only";
import { z } from "zod";
import { type Viewer, requireRole } from "../../access";
import { contextSettingsSchema, DEFAULT_CONTEXT_SETTINGS, type ContextSettings } from "../../context-modes";
import { recordAudit } from "../../db/audit";
import { parseInput, prisma, readJsonSetting, withDbErrors, writeJsonSetting } from "../../db/core";

/** The `setting` row holding the admin's context settings: `{"mode", "lookahead", "budgetTokens", "compressTokens"}`. */
export const RUN_CONTEXT_KEY = "run.context";

export type RunContextSettingsView = {
  settings: ContextSettings;
  /** Nothing saved yet: the engine's defaults apply. */
  isDefault: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
};

/** What a starter may choose of a run's context settings: any of them, the rest coming from the settings in effect. */
export const contextChoiceSchema = z.strictObject(contextSettingsSchema.partial().shape, {
  error: (issue) =>
    issue.code === "unrecognized_keys"
      ? `Unknown context setting ${issue.keys.map((key) => `"${key}"`).join(", ")}: use mode, lookahead, budgetTokens or compressTokens.`
      : "Give the context settings as an object: { mode, lookahead, budgetTokens, compressTokens }, each optional.",
});
export type ContextChoice = Partial<ContextSettings>;

const UNREADABLE = `[runs] the "${RUN_CONTEXT_KEY}" setting is unreadable; using the default context settings`;

async function loadSettings(db?: Parameters<typeof readJsonSetting>[3]) {
  const stored = await readJsonSetting(RUN_CONTEXT_KEY, contextSettingsSchema, UNREADABLE, db);
  return stored && { settings: stored.value, updatedAt: stored.updatedAt, updatedBy: stored.updatedBy };
}

/**
 * The context settings new runs get unless their starter chose otherwise. Server-internal: every run start reads
 * them, after its own role check.
 */
export async function contextSettingsInEffect(): Promise<ContextSettings> {
  return (await loadSettings())?.settings ?? { ...DEFAULT_CONTEXT_SETTINGS };
}

/** The starter's choice (already validated) over the settings in effect: what a new run stores on its plan. */
export async function contextSettingsFor(choice: ContextChoice = {}): Promise<ContextSettings> {
  const chosen = Object.fromEntries(Object.entries(choice).filter(([, value]) => value !== undefined));
  return { ...(await contextSettingsInEffect()), ...chosen };
}

/** The context settings in effect, as the models settings page shows them. Admins only. */
export async function getRunContextSettings(viewer: Viewer | null): Promise<RunContextSettingsView> {
  requireRole(viewer, "admin");
  return withDbErrors(async () => {
    const stored = await loadSettings();
    return stored
      ? { ...stored, isDefault: false }
      : { settings: { ...DEFAULT_CONTEXT_SETTINGS }, isDefault: true, updatedAt: null, updatedBy: null };
  });
}

const sameSettings = (a: ContextSettings, b: ContextSettings) =>
  a.mode === b.mode &&
  a.lookahead === b.lookahead &&
  a.budgetTokens === b.budgetTokens &&
  a.compressTokens === b.compressTokens;

/**
 * Sets how much of the run the executor's prompt carries for every run started from now on (runs already started
 * keep theirs, stored on their plan). Admins only; every value is checked before anything is written
 * (ValidationError per field, with the schema's message), and the setting and its audit entry
 * ("settings.context_updated", old and new values) land in one transaction or not at all.
 */
export async function updateRunContextSettings(
  viewer: Viewer | null,
  input: ContextSettings,
): Promise<{ settings: ContextSettings; previous: ContextSettings; changed: boolean }> {
  requireRole(viewer, "admin");
  const settings = parseInput(contextSettingsSchema, input);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const stored = await loadSettings(tx);
      const previous = stored?.settings ?? { ...DEFAULT_CONTEXT_SETTINGS };
      const changed = !sameSettings(previous, settings);
      if (stored && !changed) return { settings, previous, changed };
      await writeJsonSetting(tx, RUN_CONTEXT_KEY, settings, viewer.id);
      await recordAudit(
        {
          action: "settings.context_updated",
          actor: viewer,
          target: { type: "setting", id: RUN_CONTEXT_KEY },
          detail: { previous, settings },
        },
        tx,
      );
      return { settings, previous, changed };
    }),
  );
}
