import { ROUTINE_SCHEMA_VERSION, type Routine } from "../../routine";

/** What the run list and the run header call a planned run, which has no routine name. */
export const PLANNED_RUN_NAME = "Planned request";

/** A planned run's routine in its snapshot: empty, as the run follows no routine (the planner's list drives it). */
export function emptyPlannedRoutine(): Routine {
  return {
    schemaVersion: ROUTINE_SCHEMA_VERSION,
    id: "planned",
    name: PLANNED_RUN_NAME,
    description: "",
    intents: [],
    inputs: [],
    steps: [],
    edges: [],
    stages: [],
  };
}
