"use client";

import { AlertTriangle, CheckCircle2, XCircle } from "lucide-react";
import { useMemo } from "react";
import { Button } from "@/components/ui";
import { applyToolSuggestion, type ToolDefinition, type ToolRef, type ValidationIssue } from "@/lib/routine";
import type { DesignerStoreState } from "@/lib/stores/designer";
import { useDesigner, useDesignerApi } from "./designer-context";

const selectIssues = (state: DesignerStoreState) => ({
  issues: state.issues,
  select: state.select,
  canEdit: state.canEdit,
  updateStep: state.updateStep,
});

type Props = {
  /** The tool catalog: with it, an unknown tool offers its "did you mean" choices, applied in one click. */
  tools?: readonly ToolDefinition[];
};

/** Every validation issue; clicking one selects the step it is about. */
export function ValidationPanel({ tools = [] }: Props) {
  const { issues, select, canEdit, updateStep } = useDesigner(selectIssues);
  const api = useDesignerApi();
  const byKey = useMemo(() => new Map(tools.map((tool) => [`${tool.server}/${tool.name}`, tool])), [tools]);
  if (issues.length === 0) {
    return (
      <p className="flex items-center gap-2 p-4 text-sm text-success" data-testid="validation-ok">
        <CheckCircle2 className="size-4" aria-hidden="true" /> No issues: this routine is ready for review.
      </p>
    );
  }
  const choose = (stepId: string, tool: ToolDefinition) => {
    // Read the routine when clicked, not on every render: the panel need not re-render on each keystroke.
    const routineInputs = (api.getState().routine.inputs ?? []).map((input) => input.name);
    updateStep(stepId, "tool", (step) => applyToolSuggestion(step, tool, routineInputs));
  };
  return (
    <ul className="divide-y divide-border" data-testid="validation-issues" aria-label="Validation issues">
      {issues.map((issue, index) => {
        const Icon = issue.severity === "error" ? XCircle : AlertTriangle;
        const choices = canEdit ? choicesOf(issue, byKey) : [];
        return (
          <li key={`${issue.code}-${issue.stepId ?? issue.edgeId ?? ""}-${index}`}>
            <button
              type="button"
              disabled={!issue.stepId}
              onClick={() => issue.stepId && select([issue.stepId])}
              className="flex w-full items-start gap-2 px-4 py-2.5 text-left text-sm hover:bg-surface-muted disabled:cursor-default"
              data-testid="validation-issue"
              data-code={issue.code}
              data-step-id={issue.stepId}
            >
              <Icon
                className={`mt-0.5 size-4 shrink-0 ${issue.severity === "error" ? "text-danger" : "text-warning"}`}
                aria-hidden="true"
              />
              <span className="text-foreground">{issue.message}</span>
            </button>
            {choices.length > 0 && issue.stepId ? (
              <div
                className="flex flex-wrap items-center gap-1.5 px-4 pb-2.5 pl-10 text-sm"
                role="group"
                aria-label="Tools to use instead of the unknown one"
                data-testid="tool-suggestions"
              >
                <span className="text-muted">Did you mean</span>
                {choices.map((tool) => (
                  <Button
                    key={`${tool.server}/${tool.name}`}
                    size="sm"
                    variant="secondary"
                    onClick={() => issue.stepId && choose(issue.stepId, tool)}
                    title={tool.description}
                    data-testid="tool-suggestion"
                    data-tool={tool.name}
                  >
                    <span className="font-mono">{tool.name}</span>
                  </Button>
                ))}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The issue's suggested tools that the catalog on hand defines (needed to keep the bindings that fit). */
function choicesOf(issue: ValidationIssue, byKey: ReadonlyMap<string, ToolDefinition>): ToolDefinition[] {
  if (issue.code !== "unknown-tool") return [];
  return (issue.suggestions ?? [])
    .map((ref: ToolRef) => byKey.get(`${ref.server}/${ref.name}`))
    .filter((tool): tool is ToolDefinition => tool !== undefined);
}
