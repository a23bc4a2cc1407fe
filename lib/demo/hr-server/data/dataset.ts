import { buildGoals, buildReviews, buildTrainings } from "./growth";
import { buildOrganisation } from "./org";
import { createRandom } from "./random";
import { buildExpenseClaims, buildLeaveRecords } from "./records";
import type { HrDataset } from "./types";

/** Changing the seed changes every generated person and record; tests and routines rely on the current data. */
export const DATASET_SEED = 20250616;

/**
 * Builds the demo HR data set: about 300 employees in 12 departments with leave, reviews, goals, trainings and
 * expense claims. Deterministic: the same seed and order of generation give equal data on every call.
 */
export function buildHrDataset(seed: number = DATASET_SEED): HrDataset {
  const random = createRandom(seed);
  const { departments, employees } = buildOrganisation(random);
  const { leaveRequests, annualLedger } = buildLeaveRecords(random, employees);
  return {
    departments,
    employees,
    leaveRequests,
    annualLedger,
    reviews: buildReviews(random, employees),
    goals: buildGoals(random, employees),
    trainings: buildTrainings(random),
    expenseClaims: buildExpenseClaims(random, employees),
  };
}
