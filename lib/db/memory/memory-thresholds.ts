import "server-only";
import { type Viewer, requireRole } from "../../access";
import { DEFAULT_MEMORY_THRESHOLDS, memoryThresholdsSchema, type MemoryThresholds } from "../../memory";
import { recordAudit } from "../audit";
import { parseInput, prisma, readJsonSetting, withDbErrors, writeJsonSetting } from "../core";

/** The `setting` row holding the admin's thresholds: `{"minScore": n, "ambiguityMargin": n}`. */
export const MEMORY_THRESHOLDS_KEY = "memory.thresholds";

export type MemoryThresholdsView = {
  thresholds: MemoryThresholds;
  /** Nothing saved yet: lib/memory's defaults apply. */
  isDefault: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
};

const UNREADABLE = `[memory] the "${MEMORY_THRESHOLDS_KEY}" setting is unreadable; using the default thresholds`;

async function loadThresholds(db?: Parameters<typeof readJsonSetting>[3]) {
  const stored = await readJsonSetting(MEMORY_THRESHOLDS_KEY, memoryThresholdsSchema, UNREADABLE, db);
  return stored && { thresholds: stored.value, updatedAt: stored.updatedAt, updatedBy: stored.updatedBy };
}

/** The thresholds retrieval decides with. Server-internal: every retrieval reads them, after its own role check. */
export async function memoryThresholdsInEffect(): Promise<MemoryThresholds> {
  return (await loadThresholds())?.thresholds ?? { ...DEFAULT_MEMORY_THRESHOLDS };
}

/** The thresholds in effect, as the calibration screen shows them. Admins only. */
export async function getMemoryThresholds(viewer: Viewer | null): Promise<MemoryThresholdsView> {
  requireRole(viewer, "admin");
  return withDbErrors(async () => {
    const stored = await loadThresholds();
    return stored
      ? { ...stored, isDefault: false }
      : { thresholds: { ...DEFAULT_MEMORY_THRESHOLDS }, isDefault: true, updatedAt: null, updatedBy: null };
  });
}

/**
 * Sets the minimum score and the ambiguity margin every retrieval decides with, from the next retrieval on. Admins
 * only; both values are checked before anything is written (ValidationError per field), and the setting and its
 * audit entry ("settings.memory_updated", old and new values) land in one transaction or not at all.
 */
export async function updateMemoryThresholds(
  viewer: Viewer | null,
  input: MemoryThresholds,
): Promise<{ thresholds: MemoryThresholds; previous: MemoryThresholds; changed: boolean }> {
  requireRole(viewer, "admin");
  const thresholds = parseInput(memoryThresholdsSchema, input);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const stored = await loadThresholds(tx);
      const previous = stored?.thresholds ?? { ...DEFAULT_MEMORY_THRESHOLDS };
      const changed =
        previous.minScore !== thresholds.minScore || previous.ambiguityMargin !== thresholds.ambiguityMargin;
      if (stored && !changed) return { thresholds, previous, changed };
      await writeJsonSetting(tx, MEMORY_THRESHOLDS_KEY, thresholds, viewer.id);
      await recordAudit(
        {
          action: "settings.memory_updated",
          actor: viewer,
          target: { type: "setting", id: MEMORY_THRESHOLDS_KEY },
          detail: { previous, thresholds },
        },
        tx,
      );
      return { thresholds, previous, changed };
    }),
  );
}
