import type { MemoryDocument } from "../../lib/memory";
import { FINANCE_PAY_ROUTINES } from "./library-finance-pay";
import { FINANCE_SPEND_ROUTINES } from "./library-finance-spend";
import { HR_LEAVE_ROUTINES } from "./library-hr-leave";
import { HR_PEOPLE_ROUTINES } from "./library-hr-people";
import { IT_ROUTINES } from "./library-it";
import type { BenchRoutine } from "./library-types";

export type { BenchRoutine } from "./library-types";
export { UNCOVERED_REQUESTS } from "./uncovered";

/** The benchmark library: HR, IT and finance routines with five test requests each. */
export const LIBRARY: BenchRoutine[] = [
  ...HR_LEAVE_ROUTINES,
  ...HR_PEOPLE_ROUTINES,
  ...IT_ROUTINES,
  ...FINANCE_PAY_ROUTINES,
  ...FINANCE_SPEND_ROUTINES,
];

/** The memory document of a library routine, as a published version would give it. */
export function benchDocument(routine: BenchRoutine): MemoryDocument {
  return {
    routineId: routine.id,
    versionId: `${routine.id}-v1`,
    name: routine.name,
    description: routine.description,
    intents: routine.intents,
    steps: routine.steps.map(([name, description]) => ({ name, description })),
    tools: routine.tools,
  };
}

/**
 * Refuses a library that would make the figures meaningless: under 40 routines, duplicate ids, a routine without
 * 2–4 intents, 3–8 steps and 5 requests, a request that copies an intent, fewer than 50 uncovered requests.
 */
export function checkLibrary(library: readonly BenchRoutine[], uncovered: readonly string[]): void {
  const problems: string[] = [];
  if (library.length < 40) problems.push(`only ${library.length} routines`);
  if (uncovered.length < 50) problems.push(`only ${uncovered.length} uncovered requests`);
  const ids = new Set<string>();
  const normalize = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  for (const routine of library) {
    if (ids.has(routine.id)) problems.push(`duplicate id ${routine.id}`);
    ids.add(routine.id);
    if (routine.intents.length < 2 || routine.intents.length > 4) problems.push(`${routine.id}: intents`);
    if (routine.steps.length < 3 || routine.steps.length > 8) problems.push(`${routine.id}: steps`);
    if (new Set(routine.requests).size !== 5) problems.push(`${routine.id}: requests`);
    const intents = new Set(routine.intents.map(normalize));
    for (const request of routine.requests) {
      if (intents.has(normalize(request))) problems.push(`${routine.id}: "${request}" copies an intent`);
    }
  }
  if (problems.length > 0) throw new Error(`The benchmark library is not usable: ${problems.join("; ")}.`);
}
