import "server-only";
import {
  readPlanState,
  readStoredRunEvent,
  RUN_STATUSES,
  STEP_STATES,
  type RunStatus,
  type StepState,
  type StoredRunEvent,
} from "../../events";
import type { JsonValue, ToolRef } from "../../routine";
import { readApproval, readExecutionPlan, type RunControl, type RunSnapshot, type StepRunSnapshot } from "../engine";
import { readBudgets } from "./run-budgets";
import { readTime } from "./run-sqlite";

/** A select of a run's step runs (parameter: the run id) in the order they were created. */
export function stepRunsInOrder(columns: string, where = ""): string {
  return `SELECT ${columns} FROM "step_run" WHERE "runId" = ? ${where} ORDER BY "ordinal", "id"`;
}

/** A `run` row as the run store's connection reads it. */
export type RunRow = {
  id: string;
  /** Null for a planned run, which follows no routine. */
  routineId: string | null;
  versionId: string | null;
  versionNumber: number | null;
  routineName: string;
  status: string;
  inputs: string;
  request: string | null;
  source: string;
  execution: string;
  toolFixtures: string | null;
  startedById: string | null;
  parentRunId: string | null;
  parentStepRunId: string | null;
  budgets: string;
  outputs: string | null;
  error: string | null;
  inputTokens: number;
  outputTokens: number;
  stepsExecuted: number;
  lastSeq: number;
  control: string | null;
  leaseOwner: string | null;
  leaseUntil: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
  plan: string | null;
  /** Where the run's spans go, JSON (lib/telemetry RunTraceContext); null for a run created before traces. */
  traceContext: string | null;
};

/** A `step_run` row. */
export type StepRunRow = {
  id: string;
  runId: string;
  stepId: string;
  iteration: number;
  state: string;
  attempt: number;
  input: string | null;
  output: string | null;
  outputRef: string | null;
  error: string | null;
  inputTokens: number;
  outputTokens: number;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
  tool: string | null;
  ordinal: number;
  /** JSON { by, at, inputDigest }: an operator's approval of exactly this input (see the runner's approvals). */
  approval: string | null;
};

export const toRunStatus = (value: string): RunStatus =>
  (RUN_STATUSES as readonly string[]).includes(value) ? (value as RunStatus) : "failed";
export const toStepState = (value: string): StepState =>
  (STEP_STATES as readonly string[]).includes(value) ? (value as StepState) : "failed";
export const toControl = (value: string | null): RunControl =>
  value === "pause" || value === "cancel" || value === "cancel-stage" ? value : null;

/** Stored JSON text, or null when absent or unreadable (a damaged row shows as empty, it does not break the page). */
export function readJson(text: string | null): JsonValue | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return null;
  }
}

export function readRecord(text: string | null): Record<string, JsonValue> {
  const value = readJson(text);
  return value && typeof value === "object" && !Array.isArray(value) ? value : {};
}

export const writeJson = (value: JsonValue | null | undefined): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** A step run's stored tool, or null when it has none or it cannot be read. */
function readToolRef(text: string | null): ToolRef | null {
  const value = readJson(text);
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const { server, name } = value;
  return typeof server === "string" && typeof name === "string" ? { server, name } : null;
}

export function toStepSnapshot(row: StepRunRow): StepRunSnapshot {
  return {
    id: row.id,
    stepId: row.stepId,
    iteration: row.iteration,
    state: toStepState(row.state),
    attempt: row.attempt,
    input: readJson(row.input),
    output: readJson(row.output),
    outputRef: row.outputRef,
    tool: readToolRef(row.tool),
    approval: readApproval(readJson(row.approval)),
    error: row.error,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    startedAt: readTime(row.startedAt),
    finishedAt: readTime(row.finishedAt),
  };
}

/**
 * The run header fields of a snapshot (everything but the routines, the actor and the step runs). A planned run's
 * missing routine reads as "" and version 0, as RunSnapshot documents.
 */
export function toRunHeader(row: RunRow): Omit<RunSnapshot, "routine" | "steps" | "distractors" | "actor"> {
  return {
    id: row.id,
    execution: readExecutionPlan(row.execution),
    routineId: row.routineId ?? "",
    versionId: row.versionId ?? "",
    versionNumber: row.versionNumber ?? 0,
    plan: readPlanState(row.plan),
    status: toRunStatus(row.status),
    inputs: readRecord(row.inputs),
    request: row.request,
    budgets: readBudgets(row.budgets),
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    stepsExecuted: row.stepsExecuted,
    startedAt: readTime(row.startedAt),
    control: toControl(row.control),
    parentRunId: row.parentRunId,
    parentStepRunId: row.parentStepRunId,
    lastSeq: row.lastSeq,
  };
}

/**
 * A `run_event` row as stored (payload as JSON text), migrated to its type's current version; an event this server
 * cannot read (unknown type, newer version, bad payload) comes back as an unreadable record with the reason.
 */
export function storedRunEvent(
  runId: string,
  row: { seq: number; type: string; payload: string; at: Date },
): StoredRunEvent {
  return readStoredRunEvent({ runId, seq: row.seq, type: row.type, payload: row.payload, at: row.at.toISOString() });
}
