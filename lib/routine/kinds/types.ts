import type { ToolDefinition } from "../catalog";
import type { Binding, Output, Param, Step, StepKind, StepOf, ToolRef } from "../schema";

/**
 * What a step kind can do, as plain facts the rest of the house asks instead of testing `kind === "…"`. A fact that
 * depends on the step itself (a tool step's approval, say) is a hook on the descriptor instead.
 */
export type StepCapabilities = {
  /** The step calls exactly one tool, named in its `tool` field (drawn from the tool catalog, not the kind palette). */
  readonly callsTool: boolean;
  /** The executor model's answer is the step's result: it thinks or writes, calling no tool. */
  readonly modelDriven: boolean;
  /** The step may change data outside the run (a tool call, a child run's calls); a re-run may repeat that. */
  readonly mayChangeData: boolean;
  /** The step binds inputs (`inputs`): literals, routine inputs, earlier outputs or the model's extraction. */
  readonly takesInputs: boolean;
  /** What the step returns are values later steps, expressions and the run's outputs read (not just a way taken). */
  readonly recordsOutputs: boolean;
  /** An operator may edit the step's input and re-run the run from it. */
  readonly rerunnable: boolean;
  /** An operator may skip the step (failed or waiting) in a workflow run: the run knows where to go on after it. */
  readonly skippable: boolean;
  /** The step always stops the run until a person decides (approves or fills its form). */
  readonly waitsForPerson: boolean;
  /** The step runs another routine as a child run and waits for it. */
  readonly startsChildRun: boolean;
  /** Time the step spends is waiting on others (a person, a child run), so it does not count as the run's active time. */
  readonly waitsOnOthers: boolean;
  /** Each outgoing edge is a labelled way out, and the step picks one of them. */
  readonly choosesWay: boolean;
  /** Reaching the step finishes the run: it has no way out and is not a task of the progress list. */
  readonly endsRun: boolean;
  /** A routine holding steps of this kind can run in agent mode (a step may still refuse: see `allowedInAgentMode`). */
  readonly allowedInAgentMode: boolean;
};

/** The name of one capability. */
export type StepCapability = keyof StepCapabilities;

/** The fields every step has, whatever its kind. */
export type StepBaseFields = Pick<Step, "id" | "name" | "description" | "stageId" | "position">;

/** Kinds whose steps have a given field, found from the schema rather than listed by name. */
export type StepWithTool = Extract<Step, { tool: ToolRef }>;
export type StepWithInputs = Extract<Step, { inputs: Record<string, Binding> }>;
export type StepWithRoutine = Extract<Step, { routineId: string }>;

/** One line of a step's description for reviewers (lib/review-rules), in the order the kind shows them. */
export type StepFact = { key: string; label: string; value: string | undefined };

/**
 * Everything the domain knows about one step kind. Each hook takes a step of exactly this kind; callers holding a
 * `Step` of any kind reach the right descriptor with `describeStep(step)`.
 */
export type StepKindDescriptor<K extends StepKind> = {
  readonly kind: K;
  /** The kind's name as people read it: "Tool", "Sub-routine". */
  readonly label: string;
  /** What a step of this kind does, in one line (the palette's hint). */
  readonly hint: string;
  /** The name a new step of this kind gets when nothing better is known ("Ask a person"). */
  readonly defaultName: string;
  readonly capabilities: StepCapabilities;
  /** A new step of this kind from its base fields; `tool` pre-fills a tool-calling step from the catalog. */
  draft(base: StepBaseFields, tool?: ToolDefinition): StepOf<K>;
  /** The tool the step calls, if it calls one. */
  toolOf(step: StepOf<K>): ToolRef | undefined;
  /** The step's input bindings by argument name; empty for a kind that takes none. */
  inputsOf(step: StepOf<K>): Readonly<Record<string, Binding>>;
  /** What later steps may read from the step: its outputs, or a human step's form fields. */
  outputsOf(step: StepOf<K>): readonly (Output | Param)[];
  /** The fields a person fills when deciding the step; empty when a decision is approve or reject. */
  formOf(step: StepOf<K>): readonly Param[];
  /** The step's instruction to the model or the person, if the kind has one. */
  instructionOf(step: StepOf<K>): string | undefined;
  /** The author's own criterion for when the step counts as done, if the kind has one and it is set. */
  completionOf(step: StepOf<K>): string | undefined;
  /** The outcome the run finishes with when it reaches the step, if the kind ends runs and the step names one. */
  outcomeOf(step: StepOf<K>): string | undefined;
  /** Whether a person must decide before the step goes on (a human step; a tool step that requires approval). */
  waitsForPerson(step: StepOf<K>): boolean;
  /** Whether this step lets its routine run in agent mode (one tool-calling loop that nothing may stop). */
  allowedInAgentMode(step: StepOf<K>): boolean;
  /** When the step counts as done, in the executor's progress checklist ("done when: …"). */
  doneWhen(step: StepOf<K>): string;
  /** The kind's own facts for a reviewer's step detail (tool, instruction, form …), in display order. */
  reviewFacts(step: StepOf<K>, describeBinding: (binding: Binding) => string): StepFact[];
};
