"use client";

import { Alert } from "@/components/ui";
import { type RunViewStoreState, selectHeader } from "@/lib/stores/run-view";
import type { RunActions } from "../run-actions-types";
import { useRunView } from "../run-view-context";
import { HierarchySummary } from "../stages/hierarchy-summary";
import { RunLog } from "../stages/run-log";
import { ContextUseSummary } from "./context-use";
import { JsonView, PanelSection } from "./json-view";
import { ModelExchanges } from "./model-exchanges";
import { VariableViewer } from "./variable-viewer";

const selectVariables = (state: RunViewStoreState) => state.variables;

/** What the run started with and what came out of it, its stages' totals, and its variable memory. */
export function RunInfo({ actions }: { actions: RunActions }) {
  const header = useRunView(selectHeader);
  const variables = useRunView(selectVariables);
  const keys = Object.keys(variables);
  return (
    <div className="space-y-4" data-testid="run-info">
      {header.error ? (
        <Alert tone="error" title="The run failed" testId="run-error">
          {header.error}
        </Alert>
      ) : null}
      {header.budgetExceeded ? (
        <Alert tone="warning" title="A budget was reached">
          {header.budgetExceeded.budget.replace("_", " ")}: {header.budgetExceeded.used} of{" "}
          {header.budgetExceeded.limit}
        </Alert>
      ) : null}
      <HierarchySummary />
      <ContextUseSummary />
      <RunLog />
      {header.request ? (
        <PanelSection title="Request" testId="run-info-request">
          <p className="whitespace-pre-wrap rounded-lg border border-border bg-surface-muted px-3 py-2 text-sm text-foreground">
            {header.request}
          </p>
        </PanelSection>
      ) : null}
      <PanelSection title="Inputs" testId="run-inputs">
        {Object.keys(header.inputs).length === 0 ? (
          <p className="text-sm text-muted">None.</p>
        ) : (
          <JsonView value={header.inputs} />
        )}
      </PanelSection>
      {header.outputs ? (
        <PanelSection title="Outputs" testId="run-outputs">
          <JsonView value={header.outputs} />
        </PanelSection>
      ) : null}
      <PanelSection title="Variables" testId="run-variables">
        {keys.length === 0 ? (
          <p className="text-sm text-muted">No tool output was long enough to keep aside yet.</p>
        ) : (
          <div className="space-y-3">
            {keys.map((key) => (
              <VariableViewer
                key={key}
                runId={header.runId}
                variableKey={key}
                preview={variables[key]!.preview}
                bytes={variables[key]!.bytes}
                readVariable={actions.readVariable}
              />
            ))}
          </div>
        )}
      </PanelSection>
      <ModelExchanges runId={header.runId} stepRunId={null} />
    </div>
  );
}
