import "server-only";
import { randomUUID } from "node:crypto";
import { runEventBus, type RunEvent } from "../../events";
import { testCaseContentSchema, type ToolSchemas } from "../scoring";
import type { JsonValue } from "../../routine";
import { prisma } from "../../db/core";
import { defaultBudgets, queueRun, wakeRunWorker, withRunActor, type PublishedRoutine } from "../../runs/store";
import type { ExecutionPlan } from "../../runs/engine";
import { catalogSchemas, judgeRun, type CaseExpectation, type Judgement } from "./eval-judging";
import { executionPlanOf, type RunConfiguration } from "./eval-plans";
import { readRunConfigurations } from "./eval-records";
import { launchedVersions, type LaunchedVersion } from "./eval-versions";

/** What one eval run's execution needs from the driver that claimed it. */
export type EvalExecutionContext = {
  owner: string;
  leaseMs: number;
  pollMs: number;
  /** Aborted when the driver stops: the eval run is left as it is, for the next driver to resume. */
  signal: AbortSignal;
  /** Resolves on the next wake-up of the driver (a cancel, new work), so a waiting loop reacts at once. */
  nextWake(): Promise<void>;
};

const FINISHED = ["succeeded", "failed", "cancelled"];

/**
 * Executes one eval run under the driver's lease: keeps at most `concurrency` runs of its cases in flight (each an
 * ordinary queued run the run worker executes), judges each run once it finished, and finishes the eval run when
 * every result is final. Resumes where a previous driver stopped: results already running keep their run. A cancel
 * request skips the results not started and waits for the runs in flight (the cancel stopped them).
 */
export async function executeEvalRun(evalRunId: string, ctx: EvalExecutionContext): Promise<void> {
  const header = await prisma.evalRun.findUnique({
    where: { id: evalRunId },
    select: { concurrency: true, configurations: true, startedById: true, suite: { select: { routineId: true } } },
  });
  if (!header) return;
  const configurations = readRunConfigurations(header.configurations);
  const schemas = await catalogSchemas();
  const versionOf = launchedVersions(header.suite.routineId);
  await prisma.evalRun.updateMany({
    where: { id: evalRunId, status: "queued" },
    data: { status: "running", startedAt: new Date() },
  });

  // Results in flight: result id → run id. Finished runs are noticed from the bus at once, or by the poll.
  const inFlight = new Map<string, { runId: string; expectation: CaseExpectation }>();
  let heard: () => void = () => {};
  const stopHearing = runEventBus.subscribeAll((events: RunEvent[]) => {
    if (events.some((event) => event.type === "run.finished")) heard();
  });
  try {
    for (const row of await prisma.evalResult.findMany({
      where: { evalRunId, status: "running" },
      select: {
        id: true,
        runId: true,
        testCase: { select: { expectedCalls: true, expectedPath: true, strict: true } },
      },
    })) {
      if (row.runId) inFlight.set(row.id, { runId: row.runId, expectation: expectationOf(row.testCase) });
      else await prisma.evalResult.update({ where: { id: row.id }, data: { status: "pending" } });
    }

    let renewedAt = Date.now();
    while (!ctx.signal.aborted) {
      if (Date.now() - renewedAt > ctx.leaseMs / 3) {
        if (!(await renewLease(evalRunId, ctx))) return;
        renewedAt = Date.now();
      }
      const state = await prisma.evalRun.findUnique({ where: { id: evalRunId }, select: { cancelRequested: true } });
      if (!state) return;
      if (state.cancelRequested) await skipPending(evalRunId);

      await judgeFinished(evalRunId, inFlight, schemas);
      if (!state.cancelRequested) {
        const free = header.concurrency - inFlight.size;
        if (free > 0) await launch(evalRunId, free, configurations, versionOf, inFlight, header.startedById);
      }
      if (inFlight.size === 0 && (state.cancelRequested || !(await hasPending(evalRunId)))) {
        await finish(evalRunId, ctx.owner, state.cancelRequested);
        return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, ctx.pollMs);
        const onAbort = () => done();
        ctx.signal.addEventListener("abort", onAbort, { once: true });
        void ctx.nextWake().then(done);
        heard = done;
        function done() {
          clearTimeout(timer);
          ctx.signal.removeEventListener("abort", onAbort);
          heard = () => {};
          resolve();
        }
      });
    }
  } finally {
    stopHearing();
  }
}

function expectationOf(stored: { expectedCalls: string; expectedPath: string; strict: boolean }): CaseExpectation {
  const parsed = testCaseContentSchema
    .pick({ expectedCalls: true, expectedPath: true })
    .safeParse({ expectedCalls: JSON.parse(stored.expectedCalls), expectedPath: JSON.parse(stored.expectedPath) });
  return { ...(parsed.success ? parsed.data : { expectedCalls: [], expectedPath: [] }), strict: stored.strict };
}

async function renewLease(evalRunId: string, ctx: EvalExecutionContext): Promise<boolean> {
  const renewed = await prisma.evalRun.updateMany({
    where: { id: evalRunId, leaseOwner: ctx.owner },
    data: { leaseUntil: new Date(Date.now() + ctx.leaseMs) },
  });
  return renewed.count === 1;
}

const hasPending = async (evalRunId: string) =>
  (await prisma.evalResult.count({ where: { evalRunId, status: "pending" } })) > 0;

async function skipPending(evalRunId: string): Promise<void> {
  const skipped = await prisma.evalResult.updateMany({
    where: { evalRunId, status: "pending" },
    data: { status: "skipped", error: "Cancelled before it ran.", finishedAt: new Date() },
  });
  if (skipped.count > 0)
    await prisma.evalRun.update({ where: { id: evalRunId }, data: { done: { increment: skipped.count } } });
}

/** Judges the runs in flight that finished and stores their results, each with the eval run's progress. */
async function judgeFinished(
  evalRunId: string,
  inFlight: Map<string, { runId: string; expectation: CaseExpectation }>,
  schemas: ToolSchemas,
): Promise<void> {
  if (inFlight.size === 0) return;
  const finished = await prisma.run.findMany({
    where: { id: { in: [...inFlight.values()].map((entry) => entry.runId) }, status: { in: FINISHED } },
    select: { id: true },
  });
  const done = new Set(finished.map((run) => run.id));
  for (const [resultId, entry] of inFlight) {
    if (!done.has(entry.runId)) continue;
    await storeJudgement(evalRunId, resultId, await judgeRun(entry.runId, entry.expectation, schemas));
    inFlight.delete(resultId);
  }
}

/** Stores a result's verdict; `contentHash` when it was judged before its run existed (an error at launch). */
async function storeJudgement(
  evalRunId: string,
  resultId: string,
  judgement: Judgement,
  contentHash?: string,
): Promise<void> {
  await prisma.$transaction([
    prisma.evalResult.update({
      where: { id: resultId },
      data: {
        ...(contentHash ? { contentHash } : {}),
        status: judgement.status,
        verdict: judgement.verdict ? JSON.stringify(judgement.verdict) : null,
        actualCalls: JSON.stringify(judgement.actualCalls),
        outcome: judgement.outcome ? JSON.stringify(judgement.outcome) : null,
        error: judgement.error,
        durationMs: judgement.durationMs,
        inputTokens: judgement.inputTokens,
        outputTokens: judgement.outputTokens,
        finishedAt: new Date(),
      },
    }),
    prisma.evalRun.update({ where: { id: evalRunId }, data: { done: { increment: 1 } } }),
  ]);
}

/** Queues runs for up to `free` pending results: one ordinary run per case × configuration, woken at once. */
async function launch(
  evalRunId: string,
  free: number,
  configurations: RunConfiguration[],
  versionOf: (versionId: string) => Promise<LaunchedVersion>,
  inFlight: Map<string, { runId: string; expectation: CaseExpectation }>,
  startedById: string | null,
): Promise<void> {
  const pending = await prisma.evalResult.findMany({
    where: { evalRunId, status: "pending" },
    orderBy: [{ caseId: "asc" }, { configIndex: "asc" }, { trial: "asc" }],
    take: free,
    select: {
      id: true,
      configIndex: true,
      versionId: true,
      testCase: {
        select: {
          request: true,
          inputs: true,
          expectedCalls: true,
          expectedPath: true,
          pinnedOutputs: true,
          strict: true,
        },
      },
    },
  });
  for (const result of pending) {
    const config = configurations[result.configIndex];
    let published: PublishedRoutine;
    let contentHash: string | undefined;
    let execution: ExecutionPlan;
    try {
      if (!config) throw new Error("The configuration of this result is missing from the suite run.");
      ({ published, contentHash } = await versionOf(result.versionId));
      // A routine that works as an actor is evaluated as it runs: with the actor's persona and model (a model the
      // configuration names still wins), and refused when the actor's toolkit lacks one of its tools.
      execution = await withRunActor(published.routine, executionPlanOf(config));
    } catch (error) {
      // Refused with the version read (its actor's toolkit lacks a tool, say): that content's error, hashed as such.
      await storeJudgement(
        evalRunId,
        result.id,
        {
          status: "error",
          verdict: null,
          actualCalls: [],
          outcome: null,
          error: error instanceof Error ? error.message : String(error),
          durationMs: 0,
          inputTokens: 0,
          outputTokens: 0,
        },
        contentHash,
      );
      continue;
    }
    const runId = randomUUID();
    // The result is marked running in the run's own transaction, so a driver that dies here never leaves a run
    // nobody judges. The content hash says which content of the version this result measures: the publish gate
    // counts it only for that.
    const queued = await queueRun(
      {
        id: runId,
        published,
        inputs: JSON.parse(result.testCase.inputs) as Record<string, JsonValue>,
        request: result.testCase.request || null,
        source: "eval",
        startedById,
        budgets: defaultBudgets(),
        execution,
        toolFixtures: JSON.parse(result.testCase.pinnedOutputs) as Array<{ tool: string; output: JsonValue }>,
      },
      { evalResult: { id: result.id, contentHash } },
    );
    inFlight.set(result.id, { runId, expectation: expectationOf(result.testCase) });
    runEventBus.publish(runId, [queued]);
  }
  if (pending.length > 0) wakeRunWorker();
}

async function finish(evalRunId: string, owner: string, cancelled: boolean): Promise<void> {
  await prisma.evalRun.updateMany({
    where: { id: evalRunId, leaseOwner: owner },
    data: {
      status: cancelled ? "cancelled" : "succeeded",
      finishedAt: new Date(),
      leaseOwner: null,
      leaseUntil: null,
    },
  });
}
