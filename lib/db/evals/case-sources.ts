import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { requireRole, WRITER_ROLES, type Viewer } from "../../access";
import { caseFromRun, caseNameSchema, type TestCaseContent } from "../../evaluations/scoring";
import { storedRunEvent } from "../../runs/store";
import { MAX_PROPOSED_CASES, proposeCases, type DroppedProposal, type PlannerModel } from "../../planner";
import type { JsonValue } from "../../routine";
import { recordAudit } from "../audit";
import { NotFoundError, parseInput, prisma, ValidationError, withDbErrors } from "../core";
import { llmClientFor } from "../llm";
import { routineIdSchema } from "../routines";
import { canViewRun, RUN_NOT_FOUND } from "../../runs/operations";
import {
  CASE_NOT_FOUND,
  caseSelect,
  contentColumns,
  findCase,
  routineCaseContext,
  toCaseRow,
  type TestCaseRow,
} from "./case-records";

const saveRunInput = z.object({ runId: z.string().trim().min(1, "Missing the run.").max(100), name: caseNameSchema });
const caseIdSchema = z.string().trim().min(1, "Missing the test case.").max(100);
const countSchema = z.coerce
  .number({ error: "Say how many cases to propose." })
  .int("Say how many cases to propose, as a whole number.")
  .min(1, "Propose at least one case.")
  .max(MAX_PROPOSED_CASES, `Propose at most ${MAX_PROPOSED_CASES} cases at a time.`);

function readJson(text: string | null, fallback: JsonValue): JsonValue {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

/** The request a case sends for a run started from a form (no request text): the routine and its inputs. */
function requestFromInputs(routineName: string, inputs: Record<string, JsonValue>): string {
  const entries = Object.entries(inputs);
  if (entries.length === 0) return `Run "${routineName}".`;
  const lines = entries.map(([name, value]) => `${name}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
  return `Run "${routineName}" with\n${lines.join("\n")}`;
}

/**
 * Records a good run as a test case of its routine ("save as test case"): its request (or its inputs as text), its
 * inputs, its calls in order with the values it used, each call's output pinned (long outputs in full, from variable
 * memory) and its branch path. Authors and admins who may see the run; only a run that succeeded. The case's source
 * is "run" and it links back to the run. NotFoundError for a run the viewer may not see.
 */
export async function saveRunAsTestCase(viewer: Viewer | null, runId: string, name: string): Promise<TestCaseRow> {
  requireRole(viewer, ...WRITER_ROLES);
  const input = parseInput(saveRunInput, { runId, name });
  if (!(await canViewRun(viewer, input.runId))) throw new NotFoundError(RUN_NOT_FOUND);
  return withDbErrors(async () => {
    const run = await prisma.run.findUnique({
      where: { id: input.runId },
      select: {
        routineId: true,
        routineName: true,
        status: true,
        request: true,
        inputs: true,
        events: { orderBy: { seq: "asc" }, select: { seq: true, type: true, payload: true, at: true } },
        variables: { select: { key: true, value: true } },
      },
    });
    if (!run) throw new NotFoundError(RUN_NOT_FOUND);
    const { routineId } = run;
    if (routineId === null)
      throw new ValidationError(
        "A planned run follows no routine, so it cannot become a test case; save it as a routine draft first.",
      );
    if (run.status !== "succeeded") {
      throw new ValidationError(
        `Only a run that succeeded can become a test case; this one is ${run.status}. A case records what a correct run does.`,
      );
    }
    const inputs = readJson(run.inputs, {});
    const record = typeof inputs === "object" && inputs !== null && !Array.isArray(inputs) ? inputs : {};
    const variables = new Map(run.variables.map((variable) => [variable.key, readJson(variable.value, null)]));
    const events = run.events.flatMap((row) => storedRunEvent(input.runId, row) ?? []);
    const content = recorded(() =>
      caseFromRun({
        name: input.name,
        request: run.request?.trim() ? run.request : requestFromInputs(run.routineName, record),
        inputs: record,
        events,
        resolveVariable: (key) => variables.get(key),
      }),
    );
    const context = await routineCaseContext(routineId);
    const caseId = randomUUID();
    const created = await prisma.$transaction(async (tx) => {
      const row = await tx.testCase.create({
        data: {
          id: caseId,
          routineId,
          ...contentColumns(content),
          source: "run",
          sourceRunId: input.runId,
          createdById: viewer.id,
        },
        select: caseSelect,
      });
      await recordAudit(
        {
          action: "test_case.created",
          actor: viewer,
          target: { type: "test_case", id: caseId },
          detail: { routineId, name: content.name, source: "run", runId: input.runId },
        },
        tx,
      );
      return row;
    });
    return toCaseRow(created, context.toolNames);
  });
}

/** The case a run records, or a ValidationError saying why the run does not fit the case format. */
function recorded(build: () => TestCaseContent): TestCaseContent {
  try {
    return build();
  } catch (error) {
    if (error instanceof z.ZodError) {
      const issue = error.issues[0];
      const detail = issue ? `${issue.path.join(".") || "case"}: ${issue.message}` : "";
      throw new ValidationError(`This run does not fit a test case (${detail}).`, z.flattenError(error).fieldErrors);
    }
    throw error;
  }
}

export type ProposalOutcome = { created: number; dropped: DroppedProposal[]; model: string };

/**
 * Has the planner model propose `count` cases for the routine's latest version (its paper text, inputs, the
 * definitions of its tools and its branch labels) and stores the valid ones as "proposed" cases from the
 * "planner", waiting for a person to keep or drop each. Proposals that are not valid cases are returned with
 * their reason and not stored. Authors and admins. Throws the model's errors (LlmNotConfiguredError, PlannerError
 * such as not_json for a model that answers prose). `options.llm` replaces the planner role's client (tests).
 */
export async function proposeTestCases(
  viewer: Viewer | null,
  routineId: string,
  count: number,
  options: { llm?: PlannerModel; signal?: AbortSignal } = {},
): Promise<ProposalOutcome> {
  requireRole(viewer, ...WRITER_ROLES);
  const id = parseInput(routineIdSchema, routineId);
  const wanted = parseInput(countSchema, count);
  const context = await withDbErrors(() => routineCaseContext(id));
  const llm =
    options.llm ?? (await llmClientFor("planner", { userId: viewer.id, routineId: id, versionId: context.versionId }));
  const proposal = await proposeCases({
    routine: context.routine,
    tools: context.definitions,
    count: wanted,
    llm,
    signal: options.signal,
    context: { userId: viewer.id, routineId: id, versionId: context.versionId },
  });
  const now = Date.now();
  await withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      await tx.testCase.createMany({
        data: proposal.cases.map((content, index) => ({
          id: randomUUID(),
          routineId: id,
          ...contentColumns(content),
          source: "planner",
          status: "proposed",
          createdById: viewer.id,
          createdAt: new Date(now + index),
        })),
      });
      await recordAudit(
        {
          action: "test_case.proposed",
          actor: viewer,
          target: { type: "routine", id },
          detail: {
            asked: wanted,
            created: proposal.cases.length,
            dropped: proposal.dropped.length,
            model: proposal.model,
          },
        },
        tx,
      );
    }),
  );
  return { created: proposal.cases.length, dropped: proposal.dropped, model: proposal.model };
}

/** Keeps a proposed case: it becomes active and runs in suites. Authors and admins. */
export async function keepProposedCase(viewer: Viewer | null, caseId: string): Promise<TestCaseRow> {
  requireRole(viewer, ...WRITER_ROLES);
  const id = parseInput(caseIdSchema, caseId);
  return withDbErrors(async () => {
    const record = await prisma.$transaction(async (tx) => {
      const found = await findCase(id, tx);
      if (found.status !== "proposed") throw new ValidationError("This case is not a proposal: it is kept already.");
      const kept = await tx.testCase.update({ where: { id }, data: { status: "active" }, select: caseSelect });
      await recordAudit(
        {
          action: "test_case.kept",
          actor: viewer,
          target: { type: "test_case", id },
          detail: { routineId: kept.routineId, name: kept.name },
        },
        tx,
      );
      return kept;
    });
    const context = await routineCaseContext(record.routineId);
    return toCaseRow(record, context.toolNames);
  });
}

/**
 * Drops a proposed case: it leaves the proposals but is kept, marked deleted (as deleteTestCase does). Authors and
 * admins; an active case is deleted with deleteTestCase instead.
 */
export async function dropProposedCase(viewer: Viewer | null, caseId: string): Promise<{ routineId: string }> {
  requireRole(viewer, ...WRITER_ROLES);
  const id = parseInput(caseIdSchema, caseId);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const found = await findCase(id, tx);
      if (found.status !== "proposed") throw new ValidationError("This case is not a proposal: delete it instead.");
      const marked = await tx.testCase.updateMany({ where: { id, deletedAt: null }, data: { deletedAt: new Date() } });
      if (marked.count === 0) throw new NotFoundError(CASE_NOT_FOUND);
      await recordAudit(
        {
          action: "test_case.deleted",
          actor: viewer,
          target: { type: "test_case", id },
          detail: { routineId: found.routineId, name: found.name, status: "proposed" },
        },
        tx,
      );
      return { routineId: found.routineId };
    }),
  );
}
