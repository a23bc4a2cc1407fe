import type { ActionState } from "@/lib/forms";
import type { Param } from "@/lib/routine";

/** The dialog's view of the published version: what it asks for. */
export type RunFormView = { name: string; versionNumber: number; inputs: Param[]; intents: string[] };

export type StartRunState = ActionState<{ runId: string }>;

export type StartRunActions = {
  load: (routineId: string) => Promise<{ ok: true; form: RunFormView } | { ok: false; message: string }>;
  start: (state: StartRunState, formData: FormData) => Promise<StartRunState>;
};
