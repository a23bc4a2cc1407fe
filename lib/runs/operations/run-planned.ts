import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { requireRole, RUN_CONTROL_ROLES, type Viewer } from "../../access";
import { runEventBus } from "../../events";
import { executionPlanSchema } from "../engine";
import { defaultBudgets, queueRun, wakeRunWorker } from "../store";
import { parseInput } from "../../db/core";
import { MAX_REQUEST_LENGTH, traceHeaders } from "./run-inputs";
import { callerTraceContext } from "../../telemetry";

export const startPlannedRunInput = z.object({
  request: z
    .string({ error: "Describe what you need in a sentence." })
    .trim()
    .min(1, "The request is empty: describe what you need in a sentence.")
    .max(MAX_REQUEST_LENGTH, `Keep the request under ${MAX_REQUEST_LENGTH} characters.`),
  source: z.enum(["ui", "api", "mcp"]).default("ui"),
  ...traceHeaders,
});

/**
 * Starts a planned run (Aime's dynamic planner, issue #16) for a request no routine covers, or that an operator
 * chose to plan: no routine, the planner model breaks the request into tasks and hands them to actors. Operators
 * and admins. Created `queued` with its run.queued event and the audit entry "run.started" in one transaction; the
 * run worker picks it up like any other run, under the same default budgets. A valid `traceparent` continues the
 * caller's trace, as startRun's does.
 */
export async function startPlannedRun(
  viewer: Viewer | null,
  input: z.input<typeof startPlannedRunInput>,
): Promise<{ runId: string }> {
  requireRole(viewer, ...RUN_CONTROL_ROLES);
  const { request, source, traceparent, tracestate } = parseInput(startPlannedRunInput, input);
  const runId = randomUUID();
  const execution = executionPlanSchema.parse({ mode: "planned" });
  const queued = await queueRun(
    {
      id: runId,
      published: null,
      inputs: {},
      request,
      source,
      startedById: viewer.id,
      budgets: defaultBudgets(),
      execution,
      traceContext: callerTraceContext(traceparent, tracestate),
    },
    {
      audit: {
        action: "run.started",
        actor: viewer,
        detail: { planned: true, source, mode: execution.mode, requestChars: request.length },
      },
    },
  );
  runEventBus.publish(runId, [queued]);
  wakeRunWorker();
  return { runId };
}
