import { randomUUID } from "node:crypto";
import { createApiToken, loadViewer } from "../../lib/db/users";
import { createToolServer, readCurrentToolHashes } from "../../lib/db/tools";
import { prisma } from "../../lib/db/core";
import { BUDGET_DEFAULTS, findPublishedRoutine } from "../../lib/runs/store";
import { insertQueuedRun, readRuns, readTime, sqlAll, writeRuns } from "../../lib/runs/store/testing/run-sql-access";
import type { Routine } from "../../lib/routine";
import { toolKey } from "../../lib/tools";
import { BENCH_SERVER } from "./routines";
import { type Viewer } from "../../lib/access";

// The benchmark's database set-up. Imported only after DATABASE_URL points at the bench database: lib/db opens it
// on import. Users and tokens go through the DAL (as a demo user's viewer); routines are written straight to the
// tables, as bench/editor/database.ts does, since a review cycle is not what is measured.

async function asDemoUser<T>(email: string, work: (viewer: Viewer) => Promise<T>): Promise<T> {
  const user = await prisma.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  const viewer = await loadViewer(user.id);
  if (!viewer) throw new Error(`The demo user ${email} is deactivated.`);
  return work(viewer);
}

/** Registers the instant MCP server as the tool server "bench" the way an admin does (which lists its tools). */
export async function registerBenchToolServer(url: string): Promise<void> {
  const { refresh } = await asDemoUser("admin@example.com", (viewer) =>
    createToolServer(viewer, {
      name: BENCH_SERVER,
      description: "The runner benchmark's instant tools.",
      transport: { kind: "http", url },
    }),
  );
  if (!refresh.ok) throw new Error(`The benchmark's tool server could not be listed: ${refresh.error}`);
}

/**
 * Stores `routine` with version 1 published, pinned to the current schemas of its tools (what a reviewer's
 * publication records), owned by the demo author. Returns the routine id.
 */
export async function publishRoutine(routine: Routine): Promise<string> {
  const owner = await prisma.user.findUniqueOrThrow({ where: { email: "author@example.com" }, select: { id: true } });
  const current = await readCurrentToolHashes();
  const pins = Object.fromEntries(
    routine.steps.flatMap((step) =>
      step.kind === "tool" ? [[toolKey(step.tool), current.get(toolKey(step.tool)) ?? ""]] : [],
    ),
  );
  const versionId = randomUUID();
  await prisma.$transaction([
    prisma.routine.create({
      data: { id: routine.id, name: routine.name, description: routine.description, ownerId: owner.id },
    }),
    prisma.routineVersion.create({
      data: {
        id: versionId,
        routineId: routine.id,
        number: 1,
        status: "published",
        content: JSON.stringify(routine),
        stepCount: routine.steps.length,
        authorId: owner.id,
        toolHashes: JSON.stringify(pins),
      },
    }),
    prisma.routine.update({ where: { id: routine.id }, data: { publishedVersionId: versionId } }),
  ]);
  return routine.id;
}

/** Queues `count` runs of a published routine in one group commit, as startRun does minus authorization and input checks. */
export async function queueRuns(routineId: string, count: number, inputs: Record<string, string>): Promise<string[]> {
  const published = await findPublishedRoutine(routineId);
  return Promise.all(
    Array.from({ length: count }, async () => {
      const id = randomUUID();
      await writeRuns(() =>
        insertQueuedRun({
          id,
          published,
          inputs,
          request: null,
          source: "api",
          startedById: null,
          budgets: BUDGET_DEFAULTS,
        }),
      );
      return id;
    }),
  );
}

/** A personal API token of the demo operator, created through the DAL as the operator would on the tokens page. */
export async function operatorToken(): Promise<string> {
  const created = await asDemoUser("operator@example.com", (viewer) =>
    createApiToken(viewer, { name: "runner benchmark", scopes: ["runs:read", "runs:start"], expiresInDays: 7 }),
  );
  return created.token;
}

/** The stored events of a run, as the SSE route replays them: seq and commit time, oldest first. */
export async function storedEvents(runId: string): Promise<Array<{ seq: number; type: string; at: number }>> {
  const rows = await readRuns(() =>
    sqlAll<{ seq: number; type: string; at: string }>(
      `SELECT "seq", "type", "at" FROM "run_event" WHERE "runId" = ? ORDER BY "seq"`,
      [runId],
    ),
  );
  return rows.map((row) => ({ seq: row.seq, type: row.type, at: readTime(row.at)?.getTime() ?? Number.NaN }));
}
