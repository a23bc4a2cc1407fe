"use server";

import { z } from "zod";
import type { ModelExchangesResult } from "@/components/runs/panel/model-exchanges-types";
import { ADMIN_ROLES } from "@/lib/access";
import { listModelExchanges } from "@/lib/db/llm";
import { defineAction } from "@/lib/session";

// Admins only: a model exchange holds whatever the run's prompts, inputs and tool results held. The DAL checks again.

const load = defineAction(
  ADMIN_ROLES,
  z.object({ runId: z.string().min(1).max(100), stepRunId: z.string().min(1).max(100).nullable() }),
  async (viewer, { runId, stepRunId }): Promise<ModelExchangesResult> => {
    const { exchanges, total } = await listModelExchanges(viewer, { runId, stepRunId: stepRunId ?? undefined });
    return {
      ok: true,
      total,
      exchanges: exchanges.map(({ at, role: _role, ...exchange }) => ({ ...exchange, at: at.toISOString() })),
    };
  },
  { invalidMessage: "That request was malformed; reload the page and try again." },
);

/** A step run's model exchanges (or the run-level ones, for `stepRunId` null), for the run page's side panel. */
export async function loadModelExchangesAction(runId: string, stepRunId: string | null): Promise<ModelExchangesResult> {
  const result = await load({ runId, stepRunId });
  return "status" in result ? { ok: false, message: result.message } : result;
}
