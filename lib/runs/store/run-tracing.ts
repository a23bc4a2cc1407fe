import "server-only";
import { errorMessage, LeaseLostError, readExecutionPlan, type ToolPort } from "../engine";
import {
  isTracing,
  readRunTraceContext,
  traceRunSegment,
  traceToolCall,
  type RunSegment,
  type SegmentEnd,
  type Settled,
} from "../../telemetry";
import { readRuns } from "./run-database";
import type { RunRow } from "./run-records";
import { sqlGet } from "./run-sql";
import { keyParts } from "./run-tool-fixtures";
import type { RunExecutor } from "./run-worker";

// The worker's part in a run's trace (decision 0046): each execution of a run by a worker is one segment span, a
// child of the trace context stored on the run, so the first worker, a worker after a restart and one that took over
// a lapsed lease all add to the same trace. The engine knows nothing of it: the worker wraps the engine and the ports.

type SegmentRow = Pick<
  RunRow,
  "routineName" | "routineId" | "versionNumber" | "execution" | "source" | "parentRunId" | "traceContext"
>;

async function readSegment(runId: string): Promise<RunSegment | null> {
  const row = await readRuns(() =>
    sqlGet<SegmentRow>(
      `SELECT "routineName", "routineId", "versionNumber", "execution", "source", "parentRunId", "traceContext" ` +
        `FROM "run" WHERE "id" = ?`,
      [runId],
    ),
  );
  if (!row) return null;
  return {
    runId,
    routineName: row.routineName,
    mode: readExecutionPlan(row.execution).mode,
    routineId: row.routineId,
    versionNumber: row.versionNumber,
    source: row.source,
    parentRunId: row.parentRunId,
    traceContext: readRunTraceContext(row.traceContext),
  };
}

/** What a segment's end says: the run's status, and its error when it failed or the worker could not go on. */
async function segmentEnd(runId: string, settled: Settled<string>): Promise<SegmentEnd> {
  if (!settled.ok) {
    // Another worker took the run over: this segment ends, the run goes on there; nothing failed.
    if (settled.error instanceof LeaseLostError) return { status: "running" };
    return { status: "running", error: errorMessage(settled.error), errorType: errorName(settled.error) };
  }
  if (settled.value !== "failed") return { status: settled.value };
  const row = await readRuns(() => sqlGet<Pick<RunRow, "error">>(`SELECT "error" FROM "run" WHERE "id" = ?`, [runId]));
  return { status: "failed", error: row?.error ?? "The run failed." };
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : "_OTHER");

/**
 * The engine, with each execution in a segment span of the run's trace. With tracing off it is the engine itself: no
 * read, no span. A run whose row cannot be read for its trace is executed untraced rather than delayed.
 */
export function tracedExecutor(engine: RunExecutor): RunExecutor {
  return {
    async execute(runId, signal, control) {
      if (!isTracing()) return engine.execute(runId, signal, control);
      const segment = await readSegment(runId).catch(() => null);
      if (!segment) return engine.execute(runId, signal, control);
      return traceRunSegment(
        segment,
        () => engine.execute(runId, signal, control),
        (settled) => segmentEnd(runId, settled),
      );
    },
  };
}

/**
 * The tool port, with each call in an `execute_tool {tool}` span under the run's segment span: the step run is the
 * call's id (the same for every try), the arguments and result recorded only when the deployer opts in.
 */
export function tracedToolPort(tools: ToolPort): ToolPort {
  return {
    describe: (refs) => tools.describe(refs),
    checkArguments: (tool, args) => tools.checkArguments(tool, args),
    ...(tools.catalog ? { catalog: () => tools.catalog!() } : {}),
    call(tool, args, options) {
      if (!isTracing()) return tools.call(tool, args, options);
      const { stepRunId } = keyParts(options.idempotencyKey);
      return traceToolCall(
        {
          tool: tool.name,
          server: tool.server,
          callId: stepRunId ?? options.idempotencyKey,
          runId: options.runId,
          stepId: options.stepId,
          arguments: args,
        },
        () => tools.call(tool, args, options),
      );
    },
  };
}
