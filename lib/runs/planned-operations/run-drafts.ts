import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { requireRole, WRITER_ROLES, type Viewer } from "../../access";
import { readPlanState, taskOfStepId, type StepState, STEP_STATES } from "../../events";
import { draftFromPlannedRun, type PlannedCall } from "../planned";
import type { JsonValue, ValidationIssue } from "../../routine";
import { readStoredJson } from "../store";
import { readExecutionPlan } from "../engine";
import { recordAudit } from "../../db/audit";
import { ConflictError, NotFoundError, parseInput, prisma, withDbErrors } from "../../db/core";
import { insertRoutine, prepareNewRoutine, registryToolLookup } from "../../db/routines";
import { canViewRun, RUN_NOT_FOUND } from "../operations";

export const saveRunAsDraftInput = z.object({ runId: z.string().trim().min(1).max(100) });

export type DraftedRoutine = { routineId: string; versionId: string; issues: ValidationIssue[] };

/**
 * Saves a planned run that succeeded as a new routine owned by the viewer, whose first version is a draft (issue
 * #16): steps from the calls that mattered, bindings from the data that flowed, the request as its intent. Authors
 * and admins who may see the run; NotFoundError for a run they may not see, ConflictError for a routine run or a
 * planned run that did not succeed. The draft is validated against the live tool catalog and stored even with
 * issues (a draft may be incomplete); they are returned so the designer can show them, and review refuses errors.
 * Saving the same run again makes another routine: each is the author's own draft to shape, and refusing would
 * only send them looking for the first one.
 */
export async function saveRunAsDraft(viewer: Viewer | null, runId: string): Promise<DraftedRoutine> {
  requireRole(viewer, ...WRITER_ROLES);
  const input = parseInput(saveRunAsDraftInput, { runId });
  if (!(await canViewRun(viewer, input.runId))) throw new NotFoundError(RUN_NOT_FOUND);
  const run = await readPlannedRun(input.runId);
  const catalog = (await registryToolLookup()).listTools?.() ?? [];
  const { routine, issues, dropped } = draftFromPlannedRun({
    request: run.request,
    plan: run.plan,
    calls: run.calls,
    catalog: [...catalog],
    variables: run.variables,
    runId: run.id,
  });
  const id = randomUUID();
  const prepared = await prepareNewRoutine(routine, id);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const created = await insertRoutine(tx, { id, ownerId: viewer.id, prepared });
      await recordAudit(
        {
          action: "routine.drafted_from_run",
          actor: viewer,
          target: { type: "routine", id },
          detail: { name: created.name, runId: run.id, steps: prepared.stepCount, dropped: dropped.length },
        },
        tx,
      );
      return { routineId: id, versionId: created.versionId, issues };
    }),
  );
}

type PlannedRunRecord = {
  id: string;
  request: string;
  plan: ReturnType<typeof readPlanState>;
  calls: PlannedCall[];
  variables: Map<string, string>;
};

/** The run with its tool calls in the order they ran; ConflictError unless it is a planned run that succeeded. */
async function readPlannedRun(runId: string): Promise<PlannedRunRecord> {
  const run = await withDbErrors(() =>
    prisma.run.findUnique({
      where: { id: runId },
      select: {
        id: true,
        status: true,
        execution: true,
        plan: true,
        request: true,
        steps: { select: { stepId: true, iteration: true, state: true, input: true, output: true } },
        events: { where: { type: "step.tool_call" }, orderBy: { seq: "asc" }, select: { payload: true } },
        variables: { select: { key: true, value: true } },
      },
    }),
  );
  if (!run) throw new NotFoundError(RUN_NOT_FOUND);
  if (readExecutionPlan(run.execution).mode !== "planned") {
    throw new ConflictError("Only a planned run can be saved as a routine draft; this run follows a routine already.");
  }
  if (run.status !== "succeeded") {
    throw new ConflictError(
      `${NOT_SUCCEEDED[run.status] ?? "This run has not finished"}; only a run that succeeded can be saved as a routine draft.`,
    );
  }
  return {
    id: run.id,
    request: run.request ?? "",
    plan: readPlanState(run.plan),
    calls: callsOf(run.steps, run.events),
    variables: new Map(run.variables.map((variable) => [variable.key, variable.value])),
  };
}

const NOT_SUCCEEDED: Record<string, string> = {
  failed: "This run failed",
  cancelled: "This run was cancelled",
};

type StepRow = { stepId: string; iteration: number; state: string; input: string | null; output: string | null };

const toolCallPayload = z.object({
  stepId: z.string(),
  server: z.string(),
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
});

/**
 * The task calls (`t2-c1`) in the order their tool_call events were written, each with its latest step run's state
 * and output. A call retried under the same step id counts once, with the arguments it was last sent with.
 */
function callsOf(steps: StepRow[], events: { payload: string }[]): PlannedCall[] {
  const latest = new Map<string, StepRow>();
  for (const step of steps) {
    const known = latest.get(step.stepId);
    if (!known || known.iteration < step.iteration) latest.set(step.stepId, step);
  }
  const calls = new Map<string, PlannedCall>();
  for (const event of events) {
    const parsed = toolCallPayload.safeParse(readStoredJson(event.payload));
    if (!parsed.success || !taskOfStepId(parsed.data.stepId)) continue;
    const { stepId, server, tool } = parsed.data;
    const step = latest.get(stepId);
    const call: PlannedCall = {
      stepId,
      server,
      tool,
      arguments: parsed.data.arguments as Record<string, JsonValue>,
      output: step ? readStoredJson(step.output) : null,
      state: toStepState(step?.state),
    };
    calls.set(stepId, call);
  }
  return [...calls.values()];
}

function toStepState(state: string | undefined): StepState {
  return (STEP_STATES as readonly string[]).includes(state ?? "") ? (state as StepState) : "pending";
}
