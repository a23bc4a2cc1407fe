import { z } from "zod";
import { jsonValueSchema, type JsonValue } from "../../routine";
import { CONTEXT_MODES, contextSettingsSchema } from "../../context-modes";
import type { ToolAnswerOrigin } from "../../events";
import { callGroupProblems, GROUP_LABEL_MAX } from "./call-group-rules";

export { callGroupProblems, GROUP_LABEL_MAX } from "./call-group-rules";

/**
 * A test case of a routine, the contract of the case table, the JSONL import/export, the planner's proposals and
 * the checker. Expected calls follow BFCL's "possible answer" form: each argument lists the values a correct call
 * may carry; an optional argument may also be left out.
 */

export const CASE_LIMITS = { calls: 100, accepted: 50, nameLength: 120, requestLength: 8_000 } as const;

/** One argument of an expected call: the values accepted for it, and whether a call may leave it out. */
export const expectedArgumentSchema = z.object({
  accepted: z.array(jsonValueSchema).max(CASE_LIMITS.accepted).default([]),
  optional: z.boolean().default(false),
});
export type ExpectedArgument = z.infer<typeof expectedArgumentSchema>;

/**
 * One call a correct run makes, in order: the function name the model sees (the tool's name) and its arguments.
 * `group`: consecutive calls with the same label may be made in any order (what a model sends in one turn).
 */
export const expectedCallSchema = z.object({
  tool: z.string().trim().min(1, "Name the tool this call uses."),
  arguments: z.record(z.string(), expectedArgumentSchema).default({}),
  group: z
    .string()
    .trim()
    .min(1, "Give the group a label, or leave the call out of any group.")
    .max(GROUP_LABEL_MAX, `Keep a group's label under ${GROUP_LABEL_MAX} characters.`)
    .optional(),
});
export type ExpectedCall = z.infer<typeof expectedCallSchema>;

/** A tool output served instead of the live tool: the k-th call of `tool` in a run gets its k-th pinned output. */
export const pinnedOutputSchema = z.object({ tool: z.string().trim().min(1), output: jsonValueSchema });
export type PinnedOutput = z.infer<typeof pinnedOutputSchema>;

export const caseNameSchema = z
  .string()
  .trim()
  .min(1, "Give the case a name.")
  .max(CASE_LIMITS.nameLength, `Keep the name under ${CASE_LIMITS.nameLength} characters.`);

/** A case's content as authored (ids, routine, provenance and status are kept beside it). */
export const testCaseContentSchema = z.object({
  name: caseNameSchema,
  request: z
    .string()
    .trim()
    .min(1, "Write the request the case sends.")
    .max(CASE_LIMITS.requestLength, `Keep the request under ${CASE_LIMITS.requestLength} characters.`),
  inputs: z.record(z.string(), jsonValueSchema).default({}),
  // The groups are checked on the list, not on the case, so `.pick()` of the case schema keeps working.
  expectedCalls: z
    .array(expectedCallSchema)
    .max(CASE_LIMITS.calls)
    .superRefine((calls, ctx) => {
      for (const message of callGroupProblems(calls)) ctx.addIssue({ code: "custom", message });
    })
    .default([]),
  /** The labels of the branch edges a correct run takes, in order. */
  expectedPath: z.array(z.string().trim().min(1)).max(CASE_LIMITS.calls).default([]),
  pinnedOutputs: z.array(pinnedOutputSchema).max(CASE_LIMITS.calls).default([]),
  /** Strict: the case also requires the outcome — every tool answered without an error and the run succeeded. */
  strict: z.boolean().default(false),
});
export type TestCaseContent = z.infer<typeof testCaseContentSchema>;
export type TestCaseContentInput = z.input<typeof testCaseContentSchema>;

/**
 * A call a run actually made, as the checker reads it. `origin`: where its answer came from (the tool, a pinned
 * output, or the evaluation sandbox's simulated answer); absent for a call that got no answer, and for results
 * stored before it was recorded. The checker scores every call alike, whatever its origin.
 */
export type ActualCall = {
  tool: string;
  arguments: Record<string, JsonValue>;
  origin?: ToolAnswerOrigin;
  /** The tool's error, when it answered the call with one (the step failed). */
  error?: string;
};

/** How a case runs: an executor mode and the variant of the routine in the agent's prompt. */
export const EVAL_MODES = ["workflow", "agent", "agent_ablated", "baseline"] as const;
export type EvalMode = (typeof EVAL_MODES)[number];

/** One configuration of a suite: a routine version, an executor model, a mode, distractor routines, a context mode. */
export const suiteConfigurationSchema = z.object({
  versionId: z.string().min(1),
  /** Empty: the executor role's configured model. */
  model: z.string().trim().max(200).default(""),
  mode: z.enum(EVAL_MODES),
  /** Other routines put in the agent's prompt beside the right one (the paper's Table 5); agent modes only. */
  distractors: z.number().int().min(0).max(5).default(0),
  /** How much of the run the executor's prompt carries; absent: the admin's setting when the suite run starts. */
  contextMode: z.enum(CONTEXT_MODES, { error: "Choose full history, plan-aware or compressed." }).optional(),
});
export type SuiteConfiguration = z.infer<typeof suiteConfigurationSchema>;

/** A configuration as a suite run stores it: the distractors it drew and its context settings, fixed at its start. */
export const storedRunConfigurationSchema = suiteConfigurationSchema.extend({
  distractorVersionIds: z.array(z.string()).max(5).default([]),
  context: contextSettingsSchema.optional(),
});
export type StoredRunConfiguration = z.infer<typeof storedRunConfigurationSchema>;

/** The configurations a suite run stored when it started; unreadable JSON reads as none. */
export function parseRunConfigurations(stored: string): StoredRunConfiguration[] {
  try {
    const parsed = z.array(storedRunConfigurationSchema).safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
