"use client";

import { useId, useState, useTransition } from "react";
import { ChevronDown, ChevronRight } from "lucide-react";
import { Alert, Button, Spinner } from "@/components/ui";
import { useModelExchangesLoader } from "./model-exchanges-context";
import { ModelExchangeItem } from "./model-exchanges-item";
import type { ModelExchangesResult } from "./model-exchanges-types";

/**
 * "Model exchanges" of a step run (or of the run itself, for an agent-mode run's turns when `stepRunId` is null):
 * what each model call was sent and what it answered. Admins only (the section renders nothing for anyone else);
 * collapsed at first, loaded through the server action when opened, and again on "Refresh" while the run goes on.
 */
export function ModelExchanges({ runId, stepRunId }: { runId: string; stepRunId: string | null }) {
  const load = useModelExchangesLoader();
  const panelId = useId();
  const scope = `${runId}:${stepRunId ?? ""}`;
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<{ scope: string; result: ModelExchangesResult } | null>(null);
  const [pending, startTransition] = useTransition();
  // Another step selected: start collapsed again rather than show the previous step's calls.
  const [lastScope, setLastScope] = useState(scope);
  if (scope !== lastScope) {
    setLastScope(scope);
    setOpen(false);
  }
  if (!load) return null;

  const fetchExchanges = () =>
    startTransition(async () => {
      try {
        setLoaded({ scope, result: await load(runId, stepRunId) });
      } catch {
        setLoaded({ scope, result: { ok: false, message: "The model exchanges could not be loaded. Try again." } });
      }
    });
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && loaded?.scope !== scope) fetchExchanges();
  };
  const result = loaded?.scope === scope ? loaded.result : null;
  const Chevron = open ? ChevronDown : ChevronRight;
  return (
    <section className="space-y-1.5" data-testid={stepRunId ? "step-model-exchanges" : "run-model-exchanges"}>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded uppercase hover:text-foreground focus-visible:outline-2 focus-visible:outline-accent"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={toggle}
          data-testid="model-exchanges-toggle"
        >
          <Chevron className="size-3.5" aria-hidden="true" />
          Model exchanges{result?.ok ? ` (${result.total})` : ""}
        </button>
      </h3>
      {open ? (
        <div id={panelId} className="space-y-2" aria-busy={pending}>
          <p className="text-xs text-muted">
            {stepRunId
              ? "What this step sent to the model and what came back. Visible to admins only."
              : "The model calls of the run that serve no single step (an agent-mode run's turns). Visible to admins only."}
          </p>
          {pending && !result ? (
            <p className="flex items-center gap-2 text-xs text-muted" role="status">
              <Spinner className="size-3.5" /> Loading the model exchanges…
            </p>
          ) : null}
          {result && !result.ok ? (
            <Alert tone="error" title="Could not load the model exchanges" testId="model-exchanges-error">
              {result.message}
            </Alert>
          ) : null}
          {result?.ok && result.exchanges.length === 0 ? (
            <p className="text-xs text-muted" data-testid="model-exchanges-empty">
              {stepRunId ? "This step made no model call." : "No run-level model call was recorded."}
            </p>
          ) : null}
          {result?.ok && result.exchanges.length > 0 ? (
            <>
              {result.total > result.exchanges.length ? (
                <p className="text-xs text-muted">
                  Showing the latest {result.exchanges.length} of {result.total} calls.
                </p>
              ) : null}
              <ol className="space-y-2" data-testid="model-exchanges-list">
                {result.exchanges.map((exchange, index) => (
                  <ModelExchangeItem
                    key={exchange.id}
                    exchange={exchange}
                    number={result.total - result.exchanges.length + index + 1}
                  />
                ))}
              </ol>
            </>
          ) : null}
          {result ? (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              pending={pending}
              onClick={fetchExchanges}
              data-testid="model-exchanges-refresh"
            >
              Refresh
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
