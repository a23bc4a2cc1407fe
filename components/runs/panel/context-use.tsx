"use client";

import { formatTokens, type RunViewStoreState } from "@/lib/stores/run-view";
import { PanelSection } from "./json-view";
import { useRunView } from "../run-view-context";

const selectContextUse = (state: RunViewStoreState) => state.contextUse;

const MODE_TITLE = { full: "Full history", "plan-aware": "Plan-aware", compressed: "Plan-aware + compressor" };

/**
 * What the executor's prompts carried over the run, beside what full history would have cost (issue #18): the savings
 * of the run's context mode, visible per run. Nothing until a model turn has recorded it.
 */
export function ContextUseSummary() {
  const use = useRunView(selectContextUse);
  if (use.turns === 0) return null;
  const saved = use.fullTokens > 0 ? Math.round((1 - use.tokens / use.fullTokens) * 100) : 0;
  return (
    <PanelSection title="Context" testId="context-use">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Mode</dt>
        <dd className="text-foreground">{use.mode ? MODE_TITLE[use.mode] : "—"}</dd>
        <dt className="text-muted">Prompt tokens</dt>
        <dd className="tabular-nums text-foreground" data-testid="context-tokens">
          {formatTokens(use.tokens)} over {use.turns} model turn{use.turns === 1 ? "" : "s"}
        </dd>
        <dt className="text-muted">Full history</dt>
        <dd className="tabular-nums text-foreground" data-testid="context-full-tokens">
          {formatTokens(use.fullTokens)}
          {saved > 0 ? <span className="text-muted"> · {saved}% saved</span> : null}
        </dd>
        {use.accepted + use.refused > 0 ? (
          <>
            <dt className="text-muted">Compressor</dt>
            <dd className="text-foreground">
              {use.accepted} accepted, {use.refused} refused
            </dd>
          </>
        ) : null}
      </dl>
    </PanelSection>
  );
}
