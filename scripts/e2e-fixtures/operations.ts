// What browser tests may set up through the data access layer instead of the UI (see scripts/e2e-fixtures.ts):
// each operation is a DAL function, or a short composition of them, run as a demo user. The DAL checks roles,
// validates its input and writes exactly what the app's own actions write.
import { readRoutineSource } from "@/app/(app)/routines/read-source";
import {
  addReviewComment,
  decideReview,
  getVersionReview,
  publishVersion,
  startNewDraft,
  submitForReview,
  withdrawFromReview,
} from "@/lib/db/reviews";
import { createRoutine, saveRoutineDraft } from "@/lib/db/routines";
import { getRoutineForEditing } from "@/lib/db/library";
import { createSuite, importTestCases, updateSuite } from "@/lib/db/evals";
import { getEvalRunProgress, startEvalRun } from "@/lib/evaluations/operations";
import { ValidationError } from "@/lib/db/core";
import { getRun, startRun } from "@/lib/runs/operations";
import type { Viewer } from "@/lib/access";

/**
 * The working version of a routine as the designer opens it: its content, and what later writes refer to, with its
 * content hash as the review page shows it (decisions and publications carry it).
 */
async function workingVersion(viewer: Viewer, input: { routineId: string }) {
  const working = await getRoutineForEditing(viewer, input.routineId);
  const review = await getVersionReview(viewer, { routineId: input.routineId, number: working.versionNumber });
  const routine = JSON.parse(working.routineJson) as Record<string, unknown> & {
    steps: Array<Record<string, unknown> & { id: string }>;
  };
  return {
    versionId: working.versionId,
    versionNumber: working.versionNumber,
    revision: working.revision,
    status: working.status,
    contentHash: review.contentHash,
    routine,
  };
}

/**
 * Creates a routine as the library does: blank, or read from pasted paper text or JSON (refused with the reader's
 * problems, as the dialog shows them). Returns its id and working version.
 */
async function createRoutineFrom(
  viewer: Viewer,
  input: { name: string; source?: { kind: "text" | "json"; text: string } },
) {
  let routine: unknown;
  if (input.source) {
    const read = await readRoutineSource(viewer, input.source.kind, input.source.text, input.name);
    if (!read.ok)
      throw new ValidationError(
        `The ${input.source.kind} does not read: ${read.errors.map((error) => error.message).join("; ")}`,
      );
    routine = read.routine;
  }
  const created = await createRoutine(viewer, { name: input.name, routine, source: input.source?.kind ?? "blank" });
  return { routineId: created.id, ...(await workingVersion(viewer, { routineId: created.id })) };
}

/** Replaces the working draft's content (as the designer's autosave does) and returns its new revision. */
async function saveDraft(viewer: Viewer, input: { routineId: string; routine: unknown }) {
  const { revision } = await workingVersion(viewer, input);
  return saveRoutineDraft(viewer, { routineId: input.routineId, baseRevision: revision, routine: input.routine });
}

/** Submits the working version as last saved. */
async function submit(viewer: Viewer, input: { routineId: string }) {
  const { revision } = await workingVersion(viewer, input);
  return submitForReview(viewer, { routineId: input.routineId, baseRevision: revision });
}

/** Imports test cases from JSONL, as the Cases tab's import does; refused with the line-numbered errors. */
async function importCases(viewer: Viewer, input: { routineId: string; jsonl: string }) {
  const outcome = await importTestCases(viewer, input.routineId, input.jsonl);
  if (!outcome.ok)
    throw new ValidationError(outcome.errors.map((error) => `line ${error.line}: ${error.message}`).join("; "));
  return outcome;
}

export const fixtureOperations = {
  createRoutine: createRoutineFrom,
  workingVersion,
  saveDraft,
  submitForReview: submit,
  withdrawFromReview,
  startNewDraft,
  addReviewComment,
  decideReview,
  publishVersion,
  importTestCases: importCases,
  createSuite,
  updateSuite,
  startEvalRun,
  getEvalRunProgress: (viewer: Viewer, input: { evalRunId: string }) => getEvalRunProgress(viewer, input.evalRunId),
  startRun: (viewer: Viewer, input: { routineId: string; inputs: Record<string, string> }) =>
    startRun(viewer, { ...input, source: "ui" }),
  runStatus: async (viewer: Viewer, input: { runId: string }) => (await getRun(viewer, input.runId)).status,
};

export type FixtureOperations = typeof fixtureOperations;
export type FixtureOperation = keyof FixtureOperations;

export const FIXTURE_OPERATIONS = Object.keys(fixtureOperations) as FixtureOperation[];

/** Runs one operation as `viewer`: the DAL sees them exactly as it sees a signed-in user. */
export function runFixture(viewer: Viewer, operation: FixtureOperation, input: unknown): Promise<unknown> {
  const run = fixtureOperations[operation] as (viewer: Viewer, input: unknown) => Promise<unknown>;
  return run(viewer, input);
}
