import { randomUUID } from "node:crypto";
import type { Routine } from "../../routine/schema";
import { prisma } from "../client";
import { BUDGET_DEFAULTS } from "../run-budgets";
import { findPublishedRoutine, insertQueuedRun } from "../run-creation";
import { writeRuns } from "../run-sqlite";
import { makeRoutine } from "./routine-factories";

/**
 * Writes a routine whose version 1 is published, straight to the database (not through the functions under test).
 * `toolHashes` are the version's pins; `status` lets a test write an unpublished one.
 */
export async function publishedRoutine(options: { ownerId: string; routine?: Routine; toolHashes?: Record<string, string>; published?: boolean }) {
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
export async function queuedRun(routineId: string, options: { startedById?: string | null; inputs?: Record<string, string> } = {}): Promise<string> {
  const published = await findPublishedRoutine(routineId);
  const id = randomUUID();
  await writeRuns(() =>
    insertQueuedRun({
      id,
      published,
      inputs: options.inputs ?? { ticket: "The printer is on fire." },
      request: null,
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
