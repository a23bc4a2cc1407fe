import { randomUUID } from "node:crypto";
import type { PlanState, PlanTask, RunEventInput, RunStatus } from "../../../events";
import { DEMO_HR_SERVER, DEMO_HR_TOOLS } from "../../../demo/hr-tools";
import type { JsonValue } from "../../../routine";
import { executionPlanSchema } from "../../engine";
import { BUDGET_DEFAULTS } from "../../store";
import { applyRunChange, insertQueuedRun, writeRuns } from "../../store/testing/run-sql-access";
import { prisma } from "../../../db/core";

export const REQUEST = "Ann Lee wants annual leave from 2025-07-01 to 2025-07-03; check her balance and apply.";

type Call = { stepId: string; tool: string; args: Record<string, JsonValue>; result: JsonValue };

const CALLS: Call[] = [
  { stepId: "t1-c1", tool: "search_employees", args: { query: "Ann Lee" }, result: { employees: [{ id: "E1024" }] } },
  { stepId: "t2-c1", tool: "get_leave_balance", args: { employee_id: "E1024" }, result: { annual: 12 } },
  {
    stepId: "t3-c1",
    tool: "apply_leave",
    args: { employee_id: "E1024", leave_type: "annual", start_date: "2025-07-01", end_date: "2025-07-03" },
    result: { request_id: "LR-1" },
  },
];

export function task(id: string, status: PlanTask["status"], title = `Task ${id}`): PlanTask {
  return { id, title, criteria: `${title} is done.`, actorId: null, actorName: null, status, result: null, note: null };
}

/** A finished three-task plan: find Ann, check her balance, apply for the leave. */
export const DONE_PLAN: PlanState = {
  round: 3,
  tasks: [task("t1", "done", "Find Ann Lee"), task("t2", "done", "Check her balance"), task("t3", "done", "Apply")],
  answer: "Ann's leave request LR-1 is submitted.",
};

/**
 * Writes a planned run straight to the database (not through the functions under test): queued, then moved to
 * `status` with `plan` and, for each call, its succeeded step run and step.tool_call event.
 */
export async function plannedRun(options: {
  status: RunStatus;
  plan: PlanState;
  startedById: string;
  calls?: Call[];
}): Promise<string> {
  const id = randomUUID();
  const calls = options.calls ?? CALLS;
  const steps = calls.map((call) => ({ ...call, stepRunId: randomUUID() }));
  const events: RunEventInput[] = steps.map((step) => ({
    type: "step.tool_call",
    data: {
      stepRunId: step.stepRunId,
      stepId: step.stepId,
      iteration: 1,
      server: DEMO_HR_SERVER,
      tool: step.tool,
      arguments: step.args,
      byModel: true,
    },
  }));
  await writeRuns(function* () {
    yield* insertQueuedRun({
      id,
      published: null,
      inputs: {},
      request: REQUEST,
      source: "ui",
      startedById: options.startedById,
      budgets: BUDGET_DEFAULTS,
      execution: executionPlanSchema.parse({ mode: "planned" }),
    });
    yield* applyRunChange(
      id,
      {
        run: { status: options.status, plan: options.plan },
        steps: steps.map((step) => ({
          id: step.stepRunId,
          stepId: step.stepId,
          iteration: 1,
          state: "succeeded" as const,
          input: step.args,
          output: { result: step.result },
        })),
      },
      events,
      { owner: null },
    );
  });
  return id;
}

/** Registers the demo HR tools as the live catalog (server "hr"), as the demo start command does. */
export async function registerHrCatalog(): Promise<void> {
  if (await prisma.toolServer.findUnique({ where: { name: DEMO_HR_SERVER } })) return;
  const serverId = randomUUID();
  await prisma.toolServer.create({
    data: { id: serverId, name: DEMO_HR_SERVER, transport: "http", url: "http://127.0.0.1:9" },
  });
  await prisma.toolSnapshot.createMany({
    data: DEMO_HR_TOOLS.map((tool) => ({
      id: randomUUID(),
      serverId,
      toolName: tool.name,
      hash: `sha256:${tool.name}`,
      definition: JSON.stringify(tool),
    })),
  });
}
