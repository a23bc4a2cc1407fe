import type { ActionState } from "@/lib/forms";

/** An actor profile an operator may hand a task to (the task edit dialog's choices). */
export type ActorOption = { id: string; name: string };

/** Edits a pending task of a paused planned run (app/(designer)/runs/[id]/planned-actions.ts). */
export type EditTaskAction = (input: {
  runId: string;
  taskId: string;
  title: string;
  criteria: string;
  /** Empty: let the planner choose. */
  actorId: string;
}) => Promise<ActionState>;

/** What "Save as routine draft" answers: the new routine and how many validation issues its draft has. */
export type SavedDraft = { routineId: string; versionId: string; issues: number };
export type SaveAsDraftAction = (input: { runId: string }) => Promise<ActionState<SavedDraft>>;

/** What the run page hands a planned run's view; null for routine runs. */
export type PlannedRunProps = { actors: ActorOption[]; editTask: EditTaskAction };
