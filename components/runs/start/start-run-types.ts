import type { ActionState } from "@/lib/forms";
import type { Param } from "@/lib/routine";
import type { ContextMode } from "@/lib/context-modes";
import type { RunModeName } from "../run-modes";

/** The dialog's view of the published version: what it asks for, and how it may execute. */
export type RunFormView = {
  name: string;
  versionNumber: number;
  inputs: Param[];
  intents: string[];
  /** The execution mode preselected: the routine's default. */
  defaultMode: RunModeName;
  /** Why agent mode is not offered, when it is not. */
  agentProblem: string | null;
  /** The context mode preselected: the setting in effect. */
  contextMode: ContextMode;
};

export type StartRunState = ActionState<{ runId: string }>;

export type StartRunActions = {
  load: (routineId: string) => Promise<{ ok: true; form: RunFormView } | { ok: false; message: string }>;
  start: (state: StartRunState, formData: FormData) => Promise<StartRunState>;
};
