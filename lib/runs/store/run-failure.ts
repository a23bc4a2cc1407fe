import "server-only";
import { runEventBus, type RunEventInput } from "../../events";
import { errorMessage, type RunChange } from "../engine";
import { readRuns, writeRuns } from "./run-database";
import { readTime } from "./run-sqlite";
import { sqlAll, sqlGet } from "./run-sql";
import { publishWoken } from "./run-store";
import { applyRunChange } from "./run-writes";
import { stepRunsInOrder } from "./run-records";

/**
 * Ends a run the engine could not drive at all (its routine unreadable, an unexpected bug) as failed, with its open
 * step run, so it is not claimed again and again. Only while `owner` still holds it. The message names the problem
 * without internals beyond the error's own message.
 */
export async function failRunOnError(runId: string, owner: string, error: unknown): Promise<void> {
  // errorMessage masks anything shaped like a credential: a library's error may quote a header it was given.
  const reason = `The run stopped on an internal error: ${errorMessage(error)}`;
  const row = await readRuns(() =>
    sqlGet<{ startedAt: string | null; createdAt: string; inputTokens: number; outputTokens: number; status: string }>(
      `SELECT "startedAt", "createdAt", "inputTokens", "outputTokens", "status" FROM "run" WHERE "id" = ?`,
      [runId],
    ),
  );
  if (!row || !["queued", "running"].includes(row.status)) return;
  const open = await readRuns(() =>
    sqlAll<{ id: string; stepId: string; iteration: number; startedAt: string | null }>(
      stepRunsInOrder(`"id", "stepId", "iteration", "startedAt"`, `AND "state" IN ('running', 'pending')`),
      [runId],
    ),
  );
  const now = new Date();
  const since = (value: string | null) => Math.max(0, now.getTime() - (readTime(value)?.getTime() ?? now.getTime()));
  const change: RunChange = {
    run: { status: "failed", error: reason, finishedAt: now, control: null },
    steps: open.map((step) => ({
      id: step.id,
      stepId: step.stepId,
      iteration: step.iteration,
      state: "failed" as const,
      error: reason,
      finishedAt: now,
    })),
  };
  const events: RunEventInput[] = [
    ...open.map((step) => ({
      type: "step.failed" as const,
      data: {
        stepRunId: step.id,
        stepId: step.stepId,
        iteration: step.iteration,
        error: reason,
        durationMs: since(step.startedAt),
      },
    })),
    {
      type: "run.finished",
      data: {
        status: "failed",
        error: reason,
        durationMs: since(row.startedAt ?? row.createdAt),
        inputTokens: row.inputTokens,
        outputTokens: row.outputTokens,
      },
    },
  ];
  const result = await writeRuns(() =>
    applyRunChange(runId, change, events, { owner, leaseUntil: new Date(now.getTime() + 1000) }, now),
  );
  runEventBus.publish(runId, result.events);
  publishWoken(result.woken);
}
