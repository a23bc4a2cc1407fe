import "server-only";
import type { StoredRunEvent } from "../../events";
import {
  applyStrictOutcome,
  caseOutcome,
  checkCase,
  type CaseOutcome,
  readRunForScoring,
  type ActualCall,
  type CaseVerdict,
  type ExpectedCall,
  type ToolSchemas,
} from "../scoring";
import { prisma } from "../../db/core";
import { storedRunEvent } from "../../runs/store";
import { readCatalogTools } from "../../db/tools";

/** What a finished run leaves on its result: the status, the checker's verdict and the run's cost. */
export type Judgement = {
  status: "passed" | "failed" | "error" | "skipped";
  verdict: CaseVerdict | null;
  actualCalls: ActualCall[];
  /** Whether every tool answered without an error and how the run ended; null when there was no run to read. */
  outcome: CaseOutcome | null;
  error: string | null;
  durationMs: number;
  inputTokens: number;
  outputTokens: number;
};

/** The case as the checker reads it. */
export type CaseExpectation = { expectedCalls: ExpectedCall[]; expectedPath: string[]; strict: boolean };

/** Input schemas by tool name (and by `server__name`, the name a colliding tool gets), from the registry catalog. */
export async function catalogSchemas(): Promise<ToolSchemas> {
  const schemas: ToolSchemas = {};
  for (const tool of await readCatalogTools()) {
    schemas[`${tool.server}__${tool.name}`] = tool.inputSchema;
    schemas[tool.name] ??= tool.inputSchema;
  }
  return schemas;
}

/** A run's stored events, in order, those this server cannot read among them as such. */
export async function readRunEvents(runId: string): Promise<StoredRunEvent[]> {
  const rows = await prisma.runEvent.findMany({
    where: { runId },
    orderBy: { seq: "asc" },
    select: { seq: true, type: true, payload: true, at: true },
  });
  return rows.map((row) => storedRunEvent(runId, row));
}

/**
 * Judges a finished run against its case. A run that succeeded is checked (passed or failed); one that failed is an
 * "error" with the run's error (the model or a tool failed: the case says nothing about the routine); a cancelled
 * one is "skipped". The calls it made are kept either way, so a person can see how far it got. A run with an event
 * the server cannot read is an "error" that says which ("Could not read 1 of the run's events: …"), never judged on
 * the events that were left.
 */
export async function judgeRun(runId: string, expectation: CaseExpectation, schemas: ToolSchemas): Promise<Judgement> {
  const run = await prisma.run.findUnique({
    where: { id: runId },
    select: { status: true, error: true, inputTokens: true, outputTokens: true, startedAt: true, finishedAt: true },
  });
  if (!run) return { ...EMPTY, status: "error", error: "The case's run no longer exists." };
  const scoring = readRunForScoring(await readRunEvents(runId));
  const cost = {
    durationMs: run.startedAt && run.finishedAt ? Math.max(0, run.finishedAt.getTime() - run.startedAt.getTime()) : 0,
    inputTokens: run.inputTokens,
    outputTokens: run.outputTokens,
  };
  if (run.status === "cancelled")
    return {
      ...cost,
      status: "skipped",
      verdict: null,
      actualCalls: scoring.readable ? scoring.calls : [],
      outcome: null,
      error: "Cancelled with the suite.",
    };
  // Calls or branches the server could not read would make any verdict wrong: the case is not judged.
  if (!scoring.readable)
    return { ...cost, status: "error", verdict: null, actualCalls: [], outcome: null, error: scoring.reason };
  const actualCalls = scoring.calls;
  const outcome = caseOutcome(actualCalls, run);
  if (run.status !== "succeeded")
    return {
      ...cost,
      status: "error",
      verdict: null,
      actualCalls,
      outcome,
      error: run.error ?? `The run ${run.status}.`,
    };
  const calls = checkCase({
    expectedCalls: expectation.expectedCalls,
    actualCalls,
    expectedPath: expectation.expectedPath,
    actualPath: scoring.path,
    schemas,
  });
  const verdict = applyStrictOutcome(calls, outcome, expectation.strict);
  return { ...cost, status: verdict.passed ? "passed" : "failed", verdict, actualCalls, outcome, error: null };
}

const EMPTY: Judgement = {
  status: "error",
  verdict: null,
  actualCalls: [],
  outcome: null,
  error: null,
  durationMs: 0,
  inputTokens: 0,
  outputTokens: 0,
};
