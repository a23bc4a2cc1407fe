// Planned runs (no routine, a planner's task list) as people shape them: an operator edits a paused run's pending
// tasks; an author saves a run that succeeded as a routine draft. Authorized here.
import "server-only";
export { saveRunAsDraft, saveRunAsDraftInput, type DraftedRoutine } from "./run-drafts";
export { editPlannedTask, editPlannedTaskInput, type TaskEdit } from "./task-edits";
