// The routine library as people read it: routines with their working version, review status, publication and the
// actions the viewer may take. Combines routines and reviews, which do not know each other this way round.
import "server-only";
export { getRoutine, getRoutineForEditing, listRoutines, routineExists } from "./routine-library";
export type { RoutineDetail, RoutineDraftForEditing, RoutineOwner, RoutineSummary } from "./routine-library";
