import type { JsonlError, TestCaseContent, TestCaseContentInput } from "@/lib/evaluations/scoring";
import type { ActionState } from "@/lib/forms";

/** A case as the browser gets it: plain data, dates as ISO text. */
export type CaseView = TestCaseContent & {
  id: string;
  source: "manual" | "run" | "import" | "planner";
  status: "active" | "proposed";
  sourceRunId: string | null;
  createdByName: string | null;
  updatedAt: string;
  /** Tools the case names that the routine or the catalog no longer has; suites skip a flagged case. */
  problems: string[];
};

/**
 * A tool a case may call, with its parameter names for the argument rows, and whether it changes data (a suite
 * simulates its calls that no pinned output answers).
 */
export type CaseToolView = {
  name: string;
  server: string;
  description: string;
  parameters: string[];
  required: string[];
  sideEffects: "read_only" | "writes";
};

export type ImportState =
  | { status: "idle" }
  | { status: "success"; message: string }
  | { status: "error"; message: string; lines?: JsonlError[] };

export type ProposeState = ActionState<{ created: number; dropped: Array<{ name: string; reason: string }> }>;

/** The server actions of the Cases tab; each authorizes itself and the DAL checks again. */
export type CaseActions = {
  save(input: { routineId: string; caseId?: string; content: TestCaseContentInput }): Promise<ActionState>;
  remove(input: { routineId: string; caseId: string }): Promise<ActionState>;
  importJsonl(input: { routineId: string; text: string }): Promise<ImportState>;
  exportJsonl(input: { routineId: string }): Promise<ActionState<{ text: string; fileName: string }>>;
  propose(input: { routineId: string; count: number }): Promise<ProposeState>;
  keep(input: { routineId: string; caseId: string }): Promise<ActionState>;
  drop(input: { routineId: string; caseId: string }): Promise<ActionState>;
};

export const SOURCE_LABELS: Record<CaseView["source"], string> = {
  manual: "Written",
  run: "From a run",
  import: "Imported",
  planner: "Planner",
};
