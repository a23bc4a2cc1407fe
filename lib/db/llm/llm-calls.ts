import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { type Viewer, requireRole } from "../../access";
import { LLM_ROLES, type LlmCallRecord, type LlmRole } from "../../llm";
import { parseInput, prisma, withDbErrors } from "../core";
import { exchangeRetentionDays, purgeExpiredExchangesHourly } from "./llm-exchange-retention";
import { storedExchange } from "./llm-exchanges";

const MAX_ERROR_LENGTH = 1_000;

/**
 * Stores one model call's usage, and its exchange (request and answer, clipped to a size cap) while the retention
 * setting keeps exchanges. Server-internal (the LLM client's recorder; no role check: background runs have no
 * request). Context ids are stored as given; an unknown user id is dropped rather than failing the write. Clears
 * expired exchanges on the way, at most once an hour.
 */
export async function recordLlmCall(record: LlmCallRecord): Promise<void> {
  // Only admins read this log, so the endpoint's own explanation (OpenAI-shaped, key redacted) is kept beside ours.
  const said = record.error?.serverMessage ? ` The endpoint said: "${record.error.serverMessage}"` : "";
  const error = record.error ? `${record.error.code}: ${record.error.message}${said}`.slice(0, MAX_ERROR_LENGTH) : null;
  const userId =
    record.context.userId && (await prisma.user.count({ where: { id: record.context.userId } })) > 0
      ? record.context.userId
      : null;
  const retentionDays = await exchangeRetentionDays();
  const exchange = storedExchange(record.exchange, retentionDays);
  await prisma.llmCall.create({
    data: {
      id: randomUUID(),
      role: record.role,
      model: record.model,
      purpose: record.purpose,
      userId,
      routineId: record.context.routineId ?? null,
      versionId: record.context.versionId ?? null,
      runId: record.context.runId ?? null,
      stepRunId: record.context.stepRunId ?? null,
      inputTokens: record.inputTokens,
      outputTokens: record.outputTokens,
      durationMs: Math.round(record.durationMs),
      attempts: record.attempts,
      status: record.status,
      error,
      ...exchange,
    },
  });
  await purgeExpiredExchangesHourly(retentionDays);
}

export type LlmCallView = {
  id: string;
  at: Date;
  role: string;
  model: string;
  purpose: string;
  status: "ok" | "error";
  error: string | null;
  inputTokens: number;
  outputTokens: number;
  durationMs: number;
  attempts: number;
  userEmail: string | null;
};

export type LlmRoleTotals = { calls: number; errors: number; inputTokens: number; outputTokens: number };

export type LlmUsage = { calls: LlmCallView[]; totals: Record<LlmRole, LlmRoleTotals> };

const listUsageInput = z.object({ limit: z.number().int().min(1).max(200).default(50) });

/** The latest model calls, newest first, and token totals per role over all recorded calls. Admins only. */
export async function listLlmUsage(
  viewer: Viewer | null,
  input: z.input<typeof listUsageInput> = {},
): Promise<LlmUsage> {
  requireRole(viewer, "admin");
  const { limit } = parseInput(listUsageInput, input);
  return withDbErrors(async () => {
    const rows = await prisma.llmCall.findMany({
      orderBy: [{ at: "desc" }, { id: "desc" }],
      take: limit,
      include: { user: { select: { email: true } } },
    });
    const sums = await prisma.llmCall.groupBy({
      by: ["role", "status"],
      _count: { _all: true },
      _sum: { inputTokens: true, outputTokens: true },
    });
    const totals = Object.fromEntries(
      LLM_ROLES.map((role) => [role, { calls: 0, errors: 0, inputTokens: 0, outputTokens: 0 }]),
    ) as Record<LlmRole, LlmRoleTotals>;
    for (const sum of sums) {
      const total = totals[sum.role as LlmRole];
      if (!total) continue;
      total.calls += sum._count._all;
      if (sum.status === "error") total.errors += sum._count._all;
      total.inputTokens += sum._sum.inputTokens ?? 0;
      total.outputTokens += sum._sum.outputTokens ?? 0;
    }
    return {
      calls: rows.map((row) => ({
        id: row.id,
        at: row.at,
        role: row.role,
        model: row.model,
        purpose: row.purpose,
        status: row.status === "error" ? "error" : "ok",
        error: row.error,
        inputTokens: row.inputTokens,
        outputTokens: row.outputTokens,
        durationMs: row.durationMs,
        attempts: row.attempts,
        userEmail: row.user?.email ?? null,
      })),
      totals,
    };
  });
}
