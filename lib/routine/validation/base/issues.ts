import type { Step, ToolRef } from "../../schema";

/** Every problem validation can report, with its severity. Errors block publishing; warnings do not. */
export const ISSUE_SEVERITY = {
  "empty-routine": "error",
  "duplicate-step-id": "error",
  "duplicate-edge-id": "error",
  "duplicate-stage-id": "error",
  "dangling-edge": "error",
  "unknown-stage": "error",
  "no-start": "error",
  "multiple-starts": "error",
  "unreachable-step": "error",
  "no-end": "error",
  "never-finishes": "error",
  "end-has-outgoing": "error",
  "too-many-outgoing": "error",
  "branch-too-few-edges": "error",
  "missing-condition": "error",
  "duplicate-condition": "error",
  "unexpected-condition": "warning",
  "infinite-loop": "error",
  "unknown-tool": "error",
  "missing-required-input": "error",
  "unknown-tool-input": "warning",
  "unknown-input": "error",
  "unknown-step-reference": "error",
  "reference-not-upstream": "error",
  "unknown-step-output": "error",
  "unknown-routine": "error",
  "recursive-routine": "error",
  "unknown-actor": "error",
  "tool-outside-toolkit": "error",
  "validation-failed": "error",
} as const satisfies Record<string, Severity>;

export type Severity = "error" | "warning";
export type IssueCode = keyof typeof ISSUE_SEVERITY;
export const ISSUE_CODES = Object.keys(ISSUE_SEVERITY) as IssueCode[];

/** One problem, located by step and/or edge and by a path into the routine JSON (`["steps", 3, "inputs", "employee_id"]`). */
export type ValidationIssue = {
  stepId?: string;
  edgeId?: string;
  path: (string | number)[];
  code: IssueCode;
  severity: Severity;
  message: string;
  /** For "unknown-tool": the catalog tools the step most likely meant, best first (at most three). */
  suggestions?: ToolRef[];
};

/** What validation needs to know about other published routines, to check sub-routine calls. */
export type RoutineLookup = {
  /** `subRoutineIds`: the routines that routine's own `routine` steps call. */
  getRoutine(id: string): { id: string; name: string; subRoutineIds: string[] } | undefined;
};

/** What validation needs to know about an actor profile: who it is and the tools of its toolkit. */
export type ActorLookupEntry = {
  id: string;
  name: string;
  tools: ToolRef[];
  /** The toolkit's name, for messages; without it they say "the toolkit of <actor>". */
  toolkitName?: string;
};

/** Builds an issue whose severity follows from its code. */
export function issue(
  code: IssueCode,
  message: string,
  location: { stepId?: string; edgeId?: string; path: (string | number)[] },
): ValidationIssue {
  const { stepId, edgeId, path } = location;
  return {
    ...(stepId === undefined ? {} : { stepId }),
    ...(edgeId === undefined ? {} : { edgeId }),
    path,
    code,
    severity: ISSUE_SEVERITY[code],
    message,
  };
}

/** `Step "Check balance"`: how messages name a step. */
export function stepLabel(step: Pick<Step, "name" | "id">): string {
  return `Step "${quoted(step)}"`;
}

/** The step's name, or its id when the name is blank (only possible for input that skipped the schema). */
export function quoted(step: Pick<Step, "name" | "id">): string {
  const name = typeof step.name === "string" ? step.name.trim() : "";
  return name === "" ? String(step.id) : name;
}

/** `"A", "B" and "C"`, or `"A", "B", "C" and 4 more` for long lists (`"A" or "B"` with `joiner` "or"). */
export function listNames(names: readonly string[], max = 3, joiner: "and" | "or" = "and"): string {
  const shown = names.slice(0, max).map((name) => `"${name}"`);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(", ")} and ${rest} more`;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} ${joiner} ${shown[shown.length - 1]}`;
}
