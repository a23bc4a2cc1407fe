import { randomUUID } from "node:crypto";
import { DEMO_HR_SERVER } from "@/lib/demo/hr-tools";
import type { PlanState, PlanTask, RunStatus } from "@/lib/events";
import { executionPlanSchema } from "@/lib/runner";
import { applyRunChange, BUDGET_DEFAULTS, insertQueuedRun, writeRuns } from "@/lib/run-service";

export const task = (id: string, status: PlanTask["status"], title = `Task ${id}`): PlanTask => ({
  id,
  title,
  criteria: `${title} is done.`,
  actorId: null,
  actorName: null,
  status,
  result: null,
  note: null,
});

/**
 * A planned run written straight to the database (not through the actions under test): queued, then moved to
 * `status` with `plan` and one succeeded call of task t1 (`t1-c1`, search_employees) with its tool_call event.
 */
export async function plannedRun(options: { status: RunStatus; plan: PlanState; startedById: string }) {
  const id = randomUUID();
  const stepRunId = randomUUID();
  const args = { query: "Ann Lee" };
  await writeRuns(() => {
    insertQueuedRun({
      id,
      published: null,
      inputs: {},
      request: "Find Ann Lee and check her leave balance.",
      source: "ui",
      startedById: options.startedById,
      budgets: BUDGET_DEFAULTS,
      execution: executionPlanSchema.parse({ mode: "planned" }),
    });
    applyRunChange(
      id,
      {
        run: { status: options.status, plan: options.plan },
        steps: [
          {
            id: stepRunId,
            stepId: "t1-c1",
            iteration: 1,
            state: "succeeded",
            input: args,
            output: { result: { employees: [{ id: "E1024" }] } },
          },
        ],
      },
      [
        {
          type: "step.tool_call",
          data: {
            stepRunId,
            stepId: "t1-c1",
            iteration: 1,
            server: DEMO_HR_SERVER,
            tool: "search_employees",
            arguments: args,
            byModel: true,
          },
        },
      ],
      { owner: null },
    );
  });
  return id;
}
