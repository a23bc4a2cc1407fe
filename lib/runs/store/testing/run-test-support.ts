import { randomUUID } from "node:crypto";
import type { Routine } from "../../../routine";
import { prisma } from "../../../db/core";
import { BUDGET_DEFAULTS } from "../run-budgets";
import { findPublishedRoutine, insertQueuedRun } from "../run-creation";
import { writeRuns } from "../run-database";
import { applyRunChange } from "../run-writes";
import type { RunChange } from "../../engine";
import { makeRoutine, makeStep } from "../../../db/testing/routine-factories";

/**
 * Writes a routine whose version 1 is published, straight to the database (not through the functions under test).
 * `toolHashes` are the version's pins; `status` lets a test write an unpublished one.
 */
export async function publishedRoutine(options: {
  ownerId: string;
  routine?: Routine;
  toolHashes?: Record<string, string>;
  published?: boolean;
}) {
  const routineId = randomUUID();
  const versionId = randomUUID();
  const routine = { ...(options.routine ?? makeRoutine()), id: routineId };
  const published = options.published ?? true;
  await prisma.routine.create({ data: { id: routineId, name: routine.name, ownerId: options.ownerId } });
  await prisma.routineVersion.create({
    data: {
      id: versionId,
      routineId,
      number: 1,
      status: published ? "published" : "draft",
      content: JSON.stringify(routine),
      stepCount: routine.steps.length,
      authorId: options.ownerId,
      toolHashes: JSON.stringify(options.toolHashes ?? {}),
    },
  });
  if (published) await prisma.routine.update({ where: { id: routineId }, data: { publishedVersionId: versionId } });
  return { routineId, versionId, routine };
}

/** Queues a run of a published routine without the DAL (no authorization, no input checks). */
export async function queuedRun(
  routineId: string,
  options: { startedById?: string | null; inputs?: Record<string, string>; request?: string } = {},
): Promise<string> {
  const published = await findPublishedRoutine(routineId);
  const id = randomUUID();
  await writeRuns(() =>
    insertQueuedRun({
      id,
      published,
      inputs: options.inputs ?? { ticket: "The printer is on fire." },
      request: options.request ?? null,
      source: "ui",
      startedById: options.startedById ?? null,
      budgets: BUDGET_DEFAULTS,
    }),
  );
  return id;
}

/** Everything stored about runs, to prove a refused write changed nothing. */
export async function runTables() {
  return {
    runs: await prisma.run.findMany({ orderBy: { id: "asc" } }),
    steps: await prisma.stepRun.findMany({ orderBy: { id: "asc" } }),
    events: await prisma.runEvent.findMany({ orderBy: [{ runId: "asc" }, { seq: "asc" }] }),
    variables: await prisma.variable.findMany({ orderBy: { id: "asc" } }),
    audit: await prisma.auditLog.count(),
  };
}

/** Writes a change to a run as its worker would (no lease check): a fixture for runs in a given state. */
export async function setRunState(runId: string, change: RunChange): Promise<void> {
  await writeRuns(() => applyRunChange(runId, change, [], { owner: null }));
}

/** A routine whose second step waits for an operator's approval (and a form when `form` is given). */
export function humanRoutine(
  form: Array<{ name: string; type: "string" | "integer"; required: boolean }> = [],
): Routine {
  return makeRoutine({
    steps: [
      makeStep({ id: "summarize", name: "Summarize" }),
      {
        id: "approve",
        kind: "human",
        name: "Approve the summary",
        description: "",
        instruction: "Check it.",
        form: form.map((field) => ({ ...field, description: "" })),
      },
      { id: "done", kind: "end", name: "Done", description: "" },
    ],
    edges: [
      { id: "e1", source: "summarize", target: "approve" },
      { id: "e2", source: "approve", target: "done" },
    ],
  });
}

/** Runs in the states each control needs, of `routineId` (a human routine for `waiting`), started by `startedById`. */
export const runIn = {
  async failed(routineId: string, startedById: string | null = null) {
    const runId = await queuedRun(routineId, { startedById });
    const stepRunId = randomUUID();
    await setRunState(runId, {
      run: { status: "failed", error: "Boom", finishedAt: new Date(), startedAt: new Date() },
      steps: [
        {
          id: stepRunId,
          stepId: "summarize",
          iteration: 1,
          state: "failed",
          attempt: 1,
          error: "Boom",
          input: { text: "x" },
        },
      ],
    });
    return { runId, stepRunId };
  },
  async waiting(routineId: string, startedById: string | null = null) {
    const runId = await queuedRun(routineId, { startedById });
    const stepRunId = randomUUID();
    await setRunState(runId, {
      run: { status: "waiting", startedAt: new Date() },
      steps: [
        {
          id: randomUUID(),
          stepId: "summarize",
          iteration: 1,
          state: "succeeded",
          attempt: 1,
          output: { summary: "ok" },
        },
        { id: stepRunId, stepId: "approve", iteration: 1, state: "waiting", startedAt: new Date() },
      ],
    });
    return { runId, stepRunId };
  },
  async paused(routineId: string, startedById: string | null = null) {
    const runId = await queuedRun(routineId, { startedById });
    const stepRunId = randomUUID();
    await setRunState(runId, {
      run: { status: "paused", startedAt: new Date() },
      steps: [
        {
          id: stepRunId,
          stepId: "summarize",
          iteration: 1,
          state: "succeeded",
          attempt: 1,
          input: { text: "x" },
          output: { summary: "ok" },
        },
      ],
    });
    return { runId, stepRunId };
  },
};
