import { z } from "zod";
import { LIMITS } from "../../routine";

/** Where a routine version stands in review. Only a draft is edited; the others are fixed. */
export const ROUTINE_STATUSES = ["draft", "in_review", "approved", "published", "rejected", "archived"] as const;
export type RoutineStatus = (typeof ROUTINE_STATUSES)[number];

export function toRoutineStatus(value: string): RoutineStatus {
  return (ROUTINE_STATUSES as readonly string[]).includes(value) ? (value as RoutineStatus) : "draft";
}

/** The largest routine JSON stored, in bytes (UTF-8). Larger ones are refused with a ValidationError. */
export const MAX_ROUTINE_BYTES = 5 * 1024 * 1024;

export const routineIdSchema = z.string({ message: "Missing routine." }).min(1, "Missing routine.").max(100);

export const routineNameSchema = z
  .string({ message: "Give the routine a name." })
  .trim()
  .min(1, "Give the routine a name.")
  .max(LIMITS.nameLength, `Use at most ${LIMITS.nameLength} characters.`);

const descriptionSchema = z.string().trim().max(LIMITS.textLength, `Use at most ${LIMITS.textLength} characters.`);

export const listRoutinesInput = z.object({
  query: z.string().trim().max(200, "Search for at most 200 characters.").optional(),
  includeArchived: z.boolean().default(false),
});

export const createRoutineInput = z.object({
  name: routineNameSchema,
  description: descriptionSchema.optional(),
  /** A routine the caller already parsed (from paper text or JSON); absent means a blank routine. */
  routine: z.unknown().optional(),
  /** How it came about, for the audit log. */
  source: z.enum(["blank", "text", "json"]).optional(),
});

export const saveRoutineDraftInput = z.object({
  routineId: routineIdSchema,
  baseRevision: z.number({ message: "Missing the revision this edit is based on." }).int().min(0),
  routine: z.unknown(),
});

export const acceptToolChangesInput = saveRoutineDraftInput.pick({ routineId: true });

export const duplicateRoutineInput = z.object({ routineId: routineIdSchema, name: routineNameSchema.optional() });

export const saveRoutineAsCopyInput = z.object({ routine: z.unknown(), name: routineNameSchema });

export const routineRefInput = z.object({ routineId: routineIdSchema });
