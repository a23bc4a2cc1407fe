import { z } from "zod";

/*
 * What the designer's "Optimize with AI" dialog and POST /api/routines/[id]/optimize agree on. Pure (no Node, no
 * server modules), so the browser imports this file directly rather than the planner's index.
 */

/** The longest draft the planner accepts, in characters: about 10,000 tokens of English, a fifth of the prompt budget. */
export const MAX_DRAFT_CHARS = 40_000;

/** The largest request body the optimize route reads: the longest draft in 4-byte characters, plus room for the JSON around it. */
export const MAX_OPTIMIZE_BODY_BYTES = MAX_DRAFT_CHARS * 4 + 4_096;

export const PLANNER_PHASES = ["planning", "validating", "repairing", "saving", "done", "failed"] as const;
export type PlannerPhase = (typeof PLANNER_PHASES)[number];

/** What the page labels each phase with while it runs. */
export const PHASE_LABELS: Record<PlannerPhase, string> = {
  planning: "Planning",
  validating: "Validating",
  repairing: "Repairing",
  saving: "Saving",
  done: "Done",
  failed: "Failed",
};

export const optimizeRequestSchema = z
  .object({
    source: z.enum(["canvas", "text"], { message: "Choose the current canvas or a pasted draft." }),
    text: z
      .string({ message: "Paste the draft as text." })
      .max(
        MAX_DRAFT_CHARS,
        `The draft may be at most ${MAX_DRAFT_CHARS.toLocaleString("en")} characters; shorten it or split it into sub-routines.`,
      )
      .optional(),
    basedOnVersionId: z
      .string({ message: "Missing the version the page shows." })
      .min(1, "Missing the version the page shows.")
      .max(100),
    baseRevision: z.number().int().min(0).optional(),
  })
  .superRefine((request, context) => {
    if (request.source === "text" && !request.text?.trim()) {
      context.addIssue({
        code: "custom",
        path: ["text"],
        message: "Paste a draft first: the steps as free text or in the paper's form (Step 1. …).",
      });
    }
  });
export type OptimizeRequest = z.infer<typeof optimizeRequestSchema>;

/** Where a validation problem the planner could not repair sits, for the dialog's list. */
export type RemainingIssue = { stepId?: string; path: string; message: string };

/** A PlannerError's code, or why saving was refused (the routine changed meanwhile), or an unexpected failure. */
export type OptimizeFailureCode =
  | "empty_draft"
  | "too_large"
  | "not_json"
  | "invalid_after_repairs"
  | "model_error"
  | "aborted"
  | "conflict"
  | "unexpected";

/** One line of the route's NDJSON stream. The last line is `done` or `failed`; nothing follows it. */
export type OptimizeEvent =
  | { phase: "planning" | "validating" | "repairing" | "saving"; attempt: number; message: string; percent: number }
  | {
      phase: "done";
      attempt: number;
      message: string;
      percent: 100;
      versionId: string;
      versionNumber: number;
      reviewUrl: string;
      repairCount: number;
      model: string;
      usage: { inputTokens: number; outputTokens: number };
      warnings: number;
    }
  | {
      phase: "failed";
      attempt: number;
      message: string;
      percent: number;
      code: OptimizeFailureCode;
      issues?: RemainingIssue[];
    };

/** A refusal the route answers before streaming (JSON, non-2xx). `code` tells the dialog how to present it. */
export type OptimizeRefusalBody = {
  error: string;
  code?: "not_configured" | "conflict";
  fieldErrors?: Record<string, string[]>;
};

/** The review page of a routine's version (built beside the designer). */
export function reviewUrl(routineId: string, versionNumber: number): string {
  return `/routines/${encodeURIComponent(routineId)}/review/${versionNumber}`;
}
