import "server-only";
import { randomUUID } from "node:crypto";
import { requireRole, RUN_CONTROL_ROLES, type Viewer } from "../../access";
import { runEventBus } from "../../events";
import { parseInput, ValidationError, withDbErrors } from "../../db/core";
import { defaultBudgets, findPublishedRoutine, queueRun, wakeRunWorker, withRunActor } from "../store";
import { extractRunInputs } from "./run-input-extraction";
import { executionPlanFor } from "./run-modes";
import { checkParamValues } from "./run-input-values";
import { startRunInput, type StartRunInputShape } from "./run-inputs";
import { callerTraceContext } from "../../telemetry";

/**
 * Starts a run of a routine's published version. Operators and admins. `inputs` are checked against the
 * routine's declared inputs (required ones present, types right, nothing undeclared; form text such as "42" or
 * "true" is accepted for numbers and booleans); with a free-text `request`, inputs not given are first read from
 * it by the executor model. Refused with ConflictError when the routine has no published version, is archived,
 * or uses a tool whose schema changed since that version was approved (the message names the tools), or when the
 * inputs cannot be read from the request (no model configured, say); ValidationError with `fieldErrors` keyed by
 * input name when inputs are wrong. `mode` says how it executes (run-modes.ts): the published version's default
 * mode when not given; agent mode is refused with ConflictError for a routine that cannot run as an agent (a human step, a
 * sub-routine, a step requiring approval). `context` is the starter's choice of context settings (mode, lookahead,
 * budgets) over the settings in effect, stored on the run's plan; a bad value is a ValidationError on `context`
 * with the setting's own message, before anything is written. Creates the run `queued` with its run.queued event
 * and the audit entry "run.started" in one transaction, then wakes the run worker. Budgets are the defaults
 * (RUN_* variables). A valid W3C `traceparent` (with its `tracestate`) makes the run's spans continue the caller's
 * trace; an invalid one is ignored (lib/telemetry).
 */
export async function startRun(viewer: Viewer | null, input: StartRunInputShape): Promise<{ runId: string }> {
  requireRole(viewer, ...RUN_CONTROL_ROLES);
  const { routineId, inputs, request, source, mode, context, traceparent, tracestate } = parseInput(
    startRunInput,
    input,
  );
  const published = await withDbErrors(() => findPublishedRoutine(routineId));
  const execution = await withDbErrors(async () =>
    withRunActor(published.routine, await executionPlanFor(published.routine, mode, context)),
  );
  const runId = randomUUID();
  const params = published.routine.inputs;

  let raw: Record<string, unknown> = inputs;
  let usage = { inputTokens: 0, outputTokens: 0 };
  const given = (name: string) => inputs[name] !== undefined && inputs[name] !== null && inputs[name] !== "";
  const missing = params.filter((param) => !given(param.name));
  if (request && missing.length > 0) {
    const extracted = await extractRunInputs({
      routine: published.routine,
      request,
      missing,
      context: { runId, userId: viewer.id, routineId, versionId: published.versionId },
    });
    raw = { ...extracted.values, ...Object.fromEntries(Object.entries(inputs).filter(([name]) => given(name))) };
    usage = extracted.usage;
  }
  const checked = checkParamValues(params, raw);
  if (Object.keys(checked.fieldErrors).length > 0) {
    const fromRequest = request && missing.length > 0 ? " Some could not be read from the request; fill them in." : "";
    throw new ValidationError(`Some inputs need attention.${fromRequest}`, checked.fieldErrors);
  }

  const queued = await queueRun(
    {
      id: runId,
      published,
      inputs: checked.values,
      request: request || null,
      source,
      startedById: viewer.id,
      budgets: defaultBudgets(),
      tokens: usage,
      execution,
      traceContext: callerTraceContext(traceparent, tracestate),
    },
    {
      audit: {
        action: "run.started",
        actor: viewer,
        detail: {
          routineId,
          routineName: published.routineName,
          version: published.versionNumber,
          source,
          mode: execution.mode,
          context: execution.mode === "planned" ? undefined : execution.context?.mode,
          inputs: Object.keys(checked.values),
          fromRequest: Boolean(request),
        },
      },
    },
  );
  runEventBus.publish(runId, [queued]);
  wakeRunWorker();
  return { runId };
}
