"use client";

import { AlertTriangle, CheckCircle2, XCircle } from "lucide-react";
import type { DesignerStoreState } from "@/lib/stores/designer";
import { useDesigner } from "./designer-context";

const selectIssues = (state: DesignerStoreState) => ({ issues: state.issues, select: state.select });

/** Every validation issue; clicking one selects the step it is about. */
export function ValidationPanel() {
  const { issues, select } = useDesigner(selectIssues);
  if (issues.length === 0) {
    return (
      <p className="flex items-center gap-2 p-4 text-sm text-success" data-testid="validation-ok">
        <CheckCircle2 className="size-4" aria-hidden="true" /> No issues: this routine is ready for review.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-border" data-testid="validation-issues" aria-label="Validation issues">
      {issues.map((issue, index) => {
        const Icon = issue.severity === "error" ? XCircle : AlertTriangle;
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
          </li>
        );
      })}
    </ul>
  );
}
