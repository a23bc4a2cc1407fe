import { z } from "zod";
import { overrideReasonSchema } from "../../review-rules";
import { LIMITS } from "../../routine";
import { MAX_ROUTINE_BYTES, routineIdSchema } from "../routines";

/** What a reviewer may decide about a version in review, as the caller names it. */
export const REVIEW_DECISION_INPUTS = ["approve", "request_changes", "reject"] as const;
export type ReviewDecisionInput = (typeof REVIEW_DECISION_INPUTS)[number];

/** A decision as stored in `review.decision` and shown in histories. */
export const REVIEW_DECISIONS = ["approved", "changes_requested", "rejected"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const DECISION_STORED: Record<ReviewDecisionInput, ReviewDecision> = {
  approve: "approved",
  request_changes: "changes_requested",
  reject: "rejected",
};

export function toReviewDecision(value: string): ReviewDecision | null {
  return (REVIEW_DECISIONS as readonly string[]).includes(value) ? (value as ReviewDecision) : null;
}

/** The longest review comment, in characters after trimming. */
export const MAX_COMMENT_LENGTH = 4000;

const versionIdSchema = z.string({ message: "Missing version." }).min(1, "Missing version.").max(100);
const commentBodySchema = z
  .string({ message: "Write a comment." })
  .trim()
  .min(1, "Write a comment.")
  .max(MAX_COMMENT_LENGTH, `Use at most ${MAX_COMMENT_LENGTH} characters.`);

/**
 * The content hash (lib/crypto's routineContentHash) of a version as the caller's page showed it: a decision or
 * publication is refused when the version's content is no longer that.
 */
export const contentHashSchema = z
  .string({ message: "Missing the content hash of the version you saw; reload the page." })
  .regex(/^sha256:[0-9a-f]{64}$/, "That is not a content hash; reload the page.");

export const submitForReviewInput = z.object({
  routineId: routineIdSchema,
  baseRevision: z.number({ message: "Missing the revision this submission is based on." }).int().min(0),
});

export const withdrawFromReviewInput = z.object({ routineId: routineIdSchema });

export const startNewDraftInput = z.object({ routineId: routineIdSchema, fromVersionId: versionIdSchema.optional() });

export const decideReviewInput = z.object({
  versionId: versionIdSchema,
  decision: z.enum(REVIEW_DECISION_INPUTS, { message: "Choose approve, request changes or reject." }),
  comment: z.string().trim().max(MAX_COMMENT_LENGTH, `Use at most ${MAX_COMMENT_LENGTH} characters.`).optional(),
  contentHash: contentHashSchema,
});

export const addReviewCommentInput = z.object({
  versionId: versionIdSchema,
  stepId: z.string().min(1).max(64).optional(),
  body: commentBodySchema,
});

export const resolveReviewCommentInput = z.object({
  commentId: z.string({ message: "Missing comment." }).min(1, "Missing comment.").max(100),
});

export const publishVersionInput = z.object({
  versionId: versionIdSchema,
  contentHash: contentHashSchema,
  /** Needed when the version scores lower than the published one on an evaluation suite (the publish gate). */
  override: z.object({ reason: overrideReasonSchema }).optional(),
});

export const versionReviewInput = z.object({
  routineId: routineIdSchema,
  number: z.number({ message: "Missing version number." }).int().min(1),
});

/** What the planner reports with an optimized routine. Prompts themselves are never stored, only their hash. */
export const optimizationProvenanceSchema = z.object({
  model: z.string().trim().min(1, "Name the model.").max(200),
  promptHash: z.string().trim().min(1, "Missing the prompt hash.").max(200),
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
  repairCount: z.number().int().min(0),
  /** The draft the planner was given (paper text or JSON), kept so a reviewer can compare. */
  sourceDraft: z.string().max(MAX_ROUTINE_BYTES, "The source draft is too large to store."),
  rationale: z.object({
    summary: z.string().trim().max(LIMITS.textLength),
    steps: z.record(z.string().max(64), z.string().trim().max(LIMITS.textLength)),
  }),
});
export type OptimizationProvenance = z.infer<typeof optimizationProvenanceSchema>;
export type OptimizationRationale = OptimizationProvenance["rationale"];

export const saveOptimizedVersionInput = z.object({
  routineId: routineIdSchema,
  basedOnVersionId: versionIdSchema,
  baseRevision: z.number().int().min(0).optional(),
  routine: z.unknown(),
  provenance: optimizationProvenanceSchema,
});
