import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { COMMENTER_ROLES, requireRole, WRITER_ROLES, type Viewer } from "../../access";
import { suiteConfigurationSchema, type SuiteConfiguration } from "../../evaluations/scoring";
import { recordAudit } from "../audit";
import { ConflictError, NotFoundError, parseInput, prisma, ValidationError, withDbErrors } from "../core";

/** Limits of a suite: configurations side by side, and runs in flight at once. */
export const SUITE_LIMITS = { configurations: 12, concurrency: 16, nameLength: 120, trials: 8 } as const;

/** A suite as its pages show it. */
export type EvalSuiteView = {
  id: string;
  routineId: string;
  name: string;
  configurations: SuiteConfiguration[];
  concurrency: number;
  /** Runs of each case per configuration (1–8). */
  trials: number;
  createdAt: Date;
  updatedAt: Date;
};

export const suiteInputSchema = z.object({
  routineId: z.string().min(1),
  name: z
    .string()
    .trim()
    .min(1, "Give the suite a name.")
    .max(SUITE_LIMITS.nameLength, `Keep the name under ${SUITE_LIMITS.nameLength} characters.`),
  configurations: z
    .array(suiteConfigurationSchema)
    .min(1, "Add at least one configuration.")
    .max(SUITE_LIMITS.configurations, `A suite compares at most ${SUITE_LIMITS.configurations} configurations.`)
    .superRefine((configurations, ctx) => {
      // The same configuration twice runs the same cases alike: its "lift" over itself would say nothing.
      const seen = new Map<string, number>();
      configurations.forEach((config, index) => {
        const key = JSON.stringify([
          config.versionId,
          config.model,
          config.mode,
          config.distractors,
          config.contextMode,
        ]);
        const first = seen.get(key);
        if (first === undefined) seen.set(key, index);
        else
          ctx.addIssue({
            code: "custom",
            message: `Configurations ${first + 1} and ${index + 1} are the same: change the version, model, mode or context of one, or remove it.`,
          });
      });
    }),
  concurrency: z.coerce
    .number()
    .int("Concurrency is a whole number.")
    .min(1, "Run at least one case at a time.")
    .max(SUITE_LIMITS.concurrency, `Run at most ${SUITE_LIMITS.concurrency} cases at a time.`)
    .default(4),
  trials: z.coerce
    .number({ message: "Enter the trials per case as a whole number from 1 to 8." })
    .int("Trials per case is a whole number from 1 to 8.")
    .min(1, "Run each case at least once.")
    .max(SUITE_LIMITS.trials, `Run each case at most ${SUITE_LIMITS.trials} times.`)
    .default(1),
});
export type SuiteInput = z.input<typeof suiteInputSchema>;

const suiteIdSchema = z.object({ suiteId: z.string().min(1) });

/** Stored configurations; unreadable JSON reads as none (a suite then cannot start until it is saved again). */
export function readConfigurations(stored: string): SuiteConfiguration[] {
  try {
    const parsed = z.array(suiteConfigurationSchema).safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const SELECT = {
  id: true,
  routineId: true,
  name: true,
  configurations: true,
  concurrency: true,
  trials: true,
  createdAt: true,
  updatedAt: true,
} as const;

function toView(row: {
  id: string;
  routineId: string;
  name: string;
  configurations: string;
  concurrency: number;
  trials: number;
  createdAt: Date;
  updatedAt: Date;
}): EvalSuiteView {
  return { ...row, configurations: readConfigurations(row.configurations) };
}

/** A routine's suites, newest first. Authors, reviewers and admins; NotFoundError for an unknown routine. */
export async function listSuites(viewer: Viewer | null, routineId: string): Promise<EvalSuiteView[]> {
  requireRole(viewer, ...COMMENTER_ROLES);
  await requireRoutine(routineId);
  const rows = await withDbErrors(() =>
    prisma.evalSuite.findMany({
      where: { routineId, deletedAt: null },
      orderBy: { createdAt: "desc" },
      select: SELECT,
    }),
  );
  return rows.map(toView);
}

/** One suite. Authors, reviewers and admins; NotFoundError when it does not exist. */
export async function getSuite(viewer: Viewer | null, suiteId: string): Promise<EvalSuiteView> {
  requireRole(viewer, ...COMMENTER_ROLES);
  const row = await withDbErrors(() =>
    prisma.evalSuite.findFirst({ where: { id: suiteId, deletedAt: null }, select: SELECT }),
  );
  if (!row) throw new NotFoundError("That evaluation suite does not exist.");
  return toView(row);
}

/**
 * Creates a suite of a routine. Authors and admins. Every configuration must name a version of this routine
 * (ValidationError on `configurations` otherwise); distractors apply to agent modes only and are dropped for the
 * others. Audited as eval_suite.created.
 */
export async function createSuite(viewer: Viewer | null, input: SuiteInput): Promise<{ suiteId: string }> {
  requireRole(viewer, ...WRITER_ROLES);
  const suite = parseInput(suiteInputSchema, input);
  await requireRoutine(suite.routineId);
  const configurations = await checkConfigurations(suite.routineId, suite.configurations);
  const suiteId = randomUUID();
  await withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      await tx.evalSuite.create({
        data: {
          id: suiteId,
          routineId: suite.routineId,
          name: suite.name,
          configurations: JSON.stringify(configurations),
          concurrency: suite.concurrency,
          trials: suite.trials,
          createdById: viewer.id,
        },
      });
      await recordAudit(
        {
          action: "eval_suite.created",
          actor: viewer,
          target: { type: "eval_suite", id: suiteId },
          detail: {
            routineId: suite.routineId,
            name: suite.name,
            configurations: configurations.length,
            trials: suite.trials,
          },
        },
        tx,
      );
    }),
  );
  return { suiteId };
}

/** Edits a suite's name, configurations and concurrency. Authors and admins; runs already made keep theirs. */
export async function updateSuite(
  viewer: Viewer | null,
  input: Omit<SuiteInput, "routineId"> & { suiteId: string },
): Promise<void> {
  requireRole(viewer, ...WRITER_ROLES);
  const { suiteId } = parseInput(suiteIdSchema, input);
  const existing = await withDbErrors(() =>
    prisma.evalSuite.findFirst({ where: { id: suiteId, deletedAt: null }, select: { routineId: true } }),
  );
  if (!existing) throw new NotFoundError("That evaluation suite does not exist.");
  const suite = parseInput(suiteInputSchema, { ...input, routineId: existing.routineId });
  const configurations = await checkConfigurations(existing.routineId, suite.configurations);
  await withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      await tx.evalSuite.update({
        where: { id: suiteId },
        data: {
          name: suite.name,
          configurations: JSON.stringify(configurations),
          concurrency: suite.concurrency,
          trials: suite.trials,
        },
      });
      await recordAudit(
        {
          action: "eval_suite.updated",
          actor: viewer,
          target: { type: "eval_suite", id: suiteId },
          detail: {
            name: suite.name,
            configurations: configurations.length,
            concurrency: suite.concurrency,
            trials: suite.trials,
          },
        },
        tx,
      );
    }),
  );
}

/**
 * Deletes a suite: it leaves the lists and cannot run again, but it is kept, marked deleted, with its runs and
 * results, which still count in the publish gate (an author cannot delete the suite a version scored worse on to get
 * past the gate). Authors and admins; refused while one of its runs is in progress; NotFoundError when it is gone.
 * Audited as eval_suite.deleted with who and what (its name, configurations and runs).
 */
export async function deleteSuite(viewer: Viewer | null, suiteId: string): Promise<void> {
  requireRole(viewer, ...WRITER_ROLES);
  parseInput(suiteIdSchema, { suiteId });
  await withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const suite = await tx.evalSuite.findFirst({
        where: { id: suiteId, deletedAt: null },
        select: { name: true, routineId: true, configurations: true },
      });
      if (!suite) throw new NotFoundError("That evaluation suite does not exist.");
      const active = await tx.evalRun.count({ where: { suiteId, status: { in: ["queued", "running"] } } });
      if (active > 0) throw new ConflictError("This suite is running; cancel the run before deleting the suite.");
      const runs = await tx.evalRun.count({ where: { suiteId } });
      // Conditional on not deleted yet, so two deletes at once record one deletion.
      const marked = await tx.evalSuite.updateMany({
        where: { id: suiteId, deletedAt: null },
        data: { deletedAt: new Date() },
      });
      if (marked.count === 0) throw new NotFoundError("That evaluation suite does not exist.");
      await recordAudit(
        {
          action: "eval_suite.deleted",
          actor: viewer,
          target: { type: "eval_suite", id: suiteId },
          detail: {
            name: suite.name,
            routineId: suite.routineId,
            configurations: readConfigurations(suite.configurations),
            runs,
          },
        },
        tx,
      );
    }),
  );
}

async function requireRoutine(routineId: string): Promise<void> {
  const routine = await withDbErrors(() =>
    prisma.routine.findUnique({ where: { id: routineId }, select: { id: true } }),
  );
  if (!routine) throw new NotFoundError("That routine does not exist.");
}

async function checkConfigurations(
  routineId: string,
  configurations: SuiteConfiguration[],
): Promise<SuiteConfiguration[]> {
  const versions = await withDbErrors(() =>
    prisma.routineVersion.findMany({
      where: { routineId, id: { in: configurations.map((config) => config.versionId) } },
      select: { id: true },
    }),
  );
  const known = new Set(versions.map((version) => version.id));
  if (configurations.some((config) => !known.has(config.versionId)))
    throw new ValidationError("Pick a version of this routine for every configuration.", {
      configurations: ["Pick a version of this routine for every configuration."],
    });
  return configurations.map((config) =>
    config.mode === "workflow" || config.mode === "baseline" ? { ...config, distractors: 0 } : config,
  );
}
