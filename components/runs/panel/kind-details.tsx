"use client";

import type { ComponentType } from "react";
import type { Step, StepKind } from "@/lib/routine";
import type { StepView } from "@/lib/stores/run-view";
import type { RunActions } from "../run-actions-types";
import { ChildRunInPlace } from "../stages/child-run-in-place";

/** What the step detail hands a kind's own part of it. */
type KindDetailProps = { runId: string; view: StepView & { stepRunId: string }; actions: RunActions };

/** A sub-routine step shows the child run it started, in place. */
function ChildRunDetail({ runId, view, actions }: KindDetailProps) {
  return <ChildRunInPlace runId={runId} view={view} readChildRun={actions.readChildRun} />;
}

/** Each step kind's own part of the run panel's step detail, below its interventions; null for none. */
export const STEP_KIND_DETAILS: { readonly [K in StepKind]: ComponentType<KindDetailProps> | null } = {
  tool: null,
  skill: null,
  branch: null,
  human: null,
  routine: ChildRunDetail,
  end: null,
};

/** The step kind's own part of the step detail, or null. */
export function stepKindDetail(step: Step): ComponentType<KindDetailProps> | null {
  return STEP_KIND_DETAILS[step.kind];
}
