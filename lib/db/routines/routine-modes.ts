import { ROUTINE_RUN_MODES, type RoutineRunMode } from "../../routine";

/**
 * How a run executes: the engine walks the graph ("workflow"), or the executor model follows the routine ("agent").
 * A routine's default is part of its content (`defaultMode`), so it is reviewed and published like the steps.
 */
export const RUN_MODES = ROUTINE_RUN_MODES;
export type RunMode = RoutineRunMode;
