import type { ActionState } from "@/lib/forms";

type FormAction = (state: ActionState, formData: FormData) => Promise<ActionState>;

/**
 * The run page's server actions (app/(designer)/runs/[id]/actions.ts), handed to the client components. Each
 * authorizes, validates and calls the DAL itself; the form data carries `runId` (and `stepRunId` for a step).
 */
export type RunActions = {
  /** `action`: pause | resume | cancel. */
  control: FormAction;
  retryStep: FormAction;
  /** `input`: the step's new input as JSON text. */
  rerunFromStep: FormAction;
  /** `decision`: approve | reject, optional `comment`, `values` as JSON text (a human step's form). */
  decideHumanStep: FormAction;
  readVariable: (
    runId: string,
    key: string,
  ) => Promise<{ ok: true; value: string; bytes: number } | { ok: false; message: string }>;
};
