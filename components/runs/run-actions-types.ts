import type { ActionState } from "@/lib/forms";
import type { ChildRunResult } from "./stages/run-stages-types";

type FormAction = (state: ActionState, formData: FormData) => Promise<ActionState>;

/**
 * The run page's server actions (app/(designer)/runs/[id]/actions.ts), handed to the client components. Each
 * authorizes, validates and calls the DAL itself; the form data carries `runId` (and `stepRunId` for a step).
 */
export type RunActions = {
  /** `action`: pause | resume | cancel. */
  control: FormAction;
  /** Optional `reason`, kept with the run's audited event. */
  retryStep: FormAction;
  /** `reason`: why (required); the run goes on after the step. */
  skipStep: FormAction;
  /** `stageId`, `action`: pause | cancel | retry, optional `reason`. */
  controlStage: FormAction;
  /** `input`: the step's new input as JSON text. */
  rerunFromStep: FormAction;
  /** `decision`: approve | reject, optional `comment`, `values` as JSON text (a human step's form). */
  decideHumanStep: FormAction;
  /** The run a sub-routine step started, for the step panel to show it in place. */
  readChildRun: (runId: string, stepRunId: string) => Promise<ChildRunResult>;
  readVariable: (
    runId: string,
    key: string,
  ) => Promise<{ ok: true; value: string; bytes: number } | { ok: false; message: string }>;
};
