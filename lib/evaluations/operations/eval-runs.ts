import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { COMMENTER_ROLES, requireRole, type Viewer } from "../../access";
import { toolAllowlist, type Routine } from "../../routine";
import { routineContentHash } from "../../crypto";
import { agentModeProblem } from "../../runs/store";
import { cancelEvalRunRuns, configurationContext, wakeEvalDriver, type RunConfiguration } from "../driver";
import { recordAudit } from "../../db/audit";
import { ConflictError, NotFoundError, parseInput, prisma, withDbErrors } from "../../db/core";
import { readStoredRoutine } from "../../db/routines";
import { contextSettingsInEffect } from "../../runs/operations";
import { readCatalogTools } from "../../db/tools";
import { caseSelect, readConfigurations, SUITE_LIMITS, toCaseRow } from "../../db/evals";

export const EVAL_RUN_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type EvalRunStatus = (typeof EVAL_RUN_STATUSES)[number];
export const isEvalRunActive = (status: EvalRunStatus) => status === "queued" || status === "running";

/** A suite run's progress: what the progress bar polls (small and cheap to read). */
export type EvalRunProgress = {
  id: string;
  suiteId: string;
  status: EvalRunStatus;
  total: number;
  done: number;
  counts: { pending: number; running: number; passed: number; failed: number; error: number; skipped: number };
  cancelRequested: boolean;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  startedBy: string | null;
};

const idInput = z.object({ evalRunId: z.string().min(1) });
const toStatus = (value: string): EvalRunStatus =>
  (EVAL_RUN_STATUSES as readonly string[]).includes(value) ? (value as EvalRunStatus) : "failed";

/**
 * Starts a run of a suite: one result per active case × configuration, written with the eval run in one
 * transaction, then picked up by the eval driver in the background. Authors, reviewers and admins. A case that
 * cannot run under a configuration (a tool it names is gone; agent mode on a routine that needs a person) is
 * "skipped" with the reason, not run. ConflictError when the suite is already running, has no configuration, or
 * the routine has no active case. Each configuration's context settings are fixed now (decided by its context
 * mode and the admin's settings), so an admin's change meanwhile does not split a run. Audited as eval_run.started.
 */
export async function startEvalRun(viewer: Viewer | null, input: { suiteId: string }): Promise<{ evalRunId: string }> {
  requireRole(viewer, ...COMMENTER_ROLES);
  const { suiteId } = parseInput(z.object({ suiteId: z.string().min(1) }), input);
  const suite = await withDbErrors(() =>
    prisma.evalSuite.findFirst({
      where: { id: suiteId, deletedAt: null },
      select: { id: true, name: true, routineId: true, configurations: true, concurrency: true, trials: true },
    }),
  );
  if (!suite) throw new NotFoundError("That evaluation suite does not exist.");
  const trials = Math.min(Math.max(suite.trials, 1), SUITE_LIMITS.trials);
  const configurations = readConfigurations(suite.configurations);
  if (configurations.length === 0) throw new ConflictError("Add a configuration to the suite before running it.");
  const cases = await withDbErrors(() =>
    prisma.testCase.findMany({
      where: { routineId: suite.routineId, status: "active", deletedAt: null },
      orderBy: { createdAt: "asc" },
      select: caseSelect,
    }),
  );
  if (cases.length === 0) throw new ConflictError("This routine has no active test case yet: add cases first.");

  const catalog = await readCatalogTools();
  const runConfigurations = await configurationsToRun(suite.routineId, configurations);
  const gates = await Promise.all(runConfigurations.map((config) => configurationGate(config, catalog)));
  // Each trial is a result and a run of its own: trials of a case share no state (each run starts from the case's
  // inputs and pinned outputs, and the sandbox changes nothing a later trial could read).
  const rows = cases.flatMap((record) =>
    runConfigurations.flatMap((config, configIndex) => {
      const gate = gates[configIndex]!;
      const problems = gate.problem ? [gate.problem] : toCaseRow(record, gate.knownTools).problems;
      // A case skipped now was judged against the version's content as it is now; one that runs records the
      // content its run is launched on (the eval driver).
      return Array.from({ length: trials }, (_, trial) => ({
        id: randomUUID(),
        caseId: record.id,
        configIndex,
        trial,
        versionId: config.versionId,
        status: problems.length > 0 ? "skipped" : "pending",
        error: problems.length > 0 ? problems.join(" ") : null,
        contentHash: problems.length > 0 ? gate.contentHash : null,
      }));
    }),
  );
  const skipped = rows.filter((row) => row.status === "skipped").length;
  const evalRunId = randomUUID();
  await withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const active = await tx.evalRun.count({ where: { suiteId, status: { in: ["queued", "running"] } } });
      if (active > 0) throw new ConflictError("This suite is already running; wait for it or cancel it.");
      await tx.evalRun.create({
        data: {
          id: evalRunId,
          suiteId,
          status: "queued",
          configurations: JSON.stringify(runConfigurations),
          total: rows.length,
          done: skipped,
          concurrency: suite.concurrency,
          trials,
          startedById: viewer.id,
        },
      });
      await tx.evalResult.createMany({ data: rows.map((row) => ({ ...row, evalRunId })) });
      await recordAudit(
        {
          action: "eval_run.started",
          actor: viewer,
          target: { type: "eval_suite", id: suiteId },
          detail: {
            evalRunId,
            suite: suite.name,
            cases: cases.length,
            configurations: configurations.length,
            trials,
            skipped,
          },
        },
        tx,
      );
    }),
  );
  wakeEvalDriver();
  return { evalRunId };
}

/**
 * Cancels a suite run. Authors, reviewers and admins. Results not started become "skipped", runs in flight are
 * cancelled through the run controls, and the run ends "cancelled" once they stopped. ConflictError when it has
 * finished already. Audited as eval_run.cancelled.
 */
export async function cancelEvalRun(viewer: Viewer | null, input: { evalRunId: string }): Promise<void> {
  requireRole(viewer, ...COMMENTER_ROLES);
  const { evalRunId } = parseInput(idInput, input);
  const run = await withDbErrors(() =>
    prisma.evalRun.findUnique({ where: { id: evalRunId }, select: { status: true, suiteId: true } }),
  );
  if (!run) throw new NotFoundError("That suite run does not exist.");
  if (!isEvalRunActive(toStatus(run.status))) throw new ConflictError("This suite run has already finished.");
  await withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const now = new Date();
      // Not claimed by a driver yet: nothing is in flight, so it ends here.
      const unclaimed = await tx.evalRun.updateMany({
        where: { id: evalRunId, status: "queued", leaseOwner: null },
        data: { status: "cancelled", cancelRequested: true, finishedAt: now },
      });
      if (unclaimed.count === 1) {
        const skipped = await tx.evalResult.updateMany({
          where: { evalRunId, status: "pending" },
          data: { status: "skipped", error: "Cancelled before it ran.", finishedAt: now },
        });
        await tx.evalRun.update({ where: { id: evalRunId }, data: { done: { increment: skipped.count } } });
      } else await tx.evalRun.update({ where: { id: evalRunId }, data: { cancelRequested: true } });
      await recordAudit(
        {
          action: "eval_run.cancelled",
          actor: viewer,
          target: { type: "eval_suite", id: run.suiteId },
          detail: { evalRunId },
        },
        tx,
      );
    }),
  );
  await cancelEvalRunRuns(viewer, evalRunId);
}

/** A suite run's progress and counts by status. Authors, reviewers and admins; NotFoundError when unknown. */
export async function getEvalRunProgress(viewer: Viewer | null, evalRunId: string): Promise<EvalRunProgress> {
  requireRole(viewer, ...COMMENTER_ROLES);
  parseInput(idInput, { evalRunId });
  const [run, groups] = await withDbErrors(() =>
    Promise.all([
      prisma.evalRun.findUnique({ where: { id: evalRunId }, select: { ...HEADER } }),
      prisma.evalResult.groupBy({ by: ["status"], where: { evalRunId }, _count: { _all: true } }),
    ]),
  );
  if (!run) throw new NotFoundError("That suite run does not exist.");
  const counts = { pending: 0, running: 0, passed: 0, failed: 0, error: 0, skipped: 0 };
  for (const group of groups)
    if (group.status in counts) counts[group.status as keyof typeof counts] = group._count._all;
  return toProgress(run, counts);
}

/** A suite's runs, newest first (without counts). Authors, reviewers and admins. */
export async function listEvalRuns(viewer: Viewer | null, suiteId: string, limit = 50): Promise<EvalRunProgress[]> {
  requireRole(viewer, ...COMMENTER_ROLES);
  const rows = await withDbErrors(() =>
    prisma.evalRun.findMany({ where: { suiteId }, orderBy: { createdAt: "desc" }, take: limit, select: HEADER }),
  );
  const none = { pending: 0, running: 0, passed: 0, failed: 0, error: 0, skipped: 0 };
  return rows.map((row) => toProgress(row, none));
}

const HEADER = {
  id: true,
  suiteId: true,
  status: true,
  total: true,
  done: true,
  cancelRequested: true,
  error: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  startedBy: { select: { name: true } },
} as const;

function toProgress(
  row: {
    id: string;
    suiteId: string;
    status: string;
    total: number;
    done: number;
    cancelRequested: boolean;
    error: string | null;
    createdAt: Date;
    startedAt: Date | null;
    finishedAt: Date | null;
    startedBy: { name: string } | null;
  },
  counts: EvalRunProgress["counts"],
): EvalRunProgress {
  const { startedBy, status, ...rest } = row;
  return { ...rest, status: toStatus(status), counts, startedBy: startedBy?.name ?? null };
}

/**
 * The configurations as the run keeps them: with the other routines' published versions each puts beside the
 * routine (the first n by name), and its context settings (its context mode over the settings in effect now).
 */
async function configurationsToRun(routineId: string, configurations: ReturnType<typeof readConfigurations>) {
  const most = Math.max(0, ...configurations.map((config) => config.distractors));
  const others =
    most === 0
      ? []
      : await withDbErrors(() =>
          prisma.routine.findMany({
            where: { id: { not: routineId }, archivedAt: null, publishedVersionId: { not: null } },
            orderBy: { name: "asc" },
            take: most,
            select: { publishedVersionId: true },
          }),
        );
  const inEffect = await withDbErrors(() => contextSettingsInEffect());
  return configurations.map((config): RunConfiguration => ({
    ...config,
    distractorVersionIds: others.slice(0, config.distractors).map((routine) => routine.publishedVersionId!),
    context: configurationContext(config, inEffect),
  }));
}

/**
 * What a configuration lets its cases call (the version's tools the catalog still offers; every catalog tool in
 * the baseline), or why none of its cases can run.
 */
async function configurationGate(
  config: RunConfiguration,
  catalog: Awaited<ReturnType<typeof readCatalogTools>>,
): Promise<{ knownTools: Set<string>; problem: string | null; contentHash: string | null }> {
  const version = await withDbErrors(() =>
    prisma.routineVersion.findUnique({ where: { id: config.versionId }, select: { content: true } }),
  );
  const none = { knownTools: new Set<string>(), contentHash: null };
  if (!version) return { ...none, problem: "The configuration's version no longer exists." };
  let routine: Routine;
  try {
    routine = readStoredRoutine(version.content);
  } catch (error) {
    return { ...none, problem: error instanceof Error ? error.message : "The version cannot be read." };
  }
  const contentHash = routineContentHash(routine);
  const problem = config.mode === "workflow" ? null : agentModeProblem(routine);
  if (config.mode === "baseline")
    return { knownTools: new Set(catalog.map((tool) => tool.name)), problem, contentHash };
  const offered = new Set(catalog.map((tool) => `${tool.server}/${tool.name}`));
  const names = toolAllowlist(routine)
    .filter((tool) => offered.has(`${tool.server}/${tool.name}`))
    .flatMap((tool) => [tool.name, `${tool.server}__${tool.name}`]);
  return { knownTools: new Set(names), problem, contentHash };
}
