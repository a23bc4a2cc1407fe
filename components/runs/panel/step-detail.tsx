"use client";

import { createElement } from "react";
import { Alert, Badge } from "@/components/ui";
import { STEP_KIND_LOOKS } from "@/components/step-kinds";
import { describeStep } from "@/lib/routine";
import {
  callOutsideSteps,
  formatDuration,
  formatTokens,
  selectRunMode,
  selectSelectedStep,
  type StepView,
} from "@/lib/stores/run-view";
import type { RunActions } from "../run-actions-types";
import { STEP_STATE_STYLE } from "../run-styles";
import { useRunStructure, useRunView } from "../run-view-context";
import { JsonView, PanelSection } from "./json-view";
import { stepKindDetail } from "./kind-details";
import { ModelExchanges } from "./model-exchanges";
import { StepInterventions } from "./step-interventions";
import { VariableViewer } from "./variable-viewer";

const time = (iso: string | null) => (iso ? `${iso.replace("T", " ").slice(0, 19)} UTC` : "—");

/** The selected step: state, timings, tool call, output (or its variable key), model turns, retries, interventions. */
export function StepDetail({
  runId,
  canControl,
  actions,
}: {
  runId: string;
  canControl: boolean;
  actions: RunActions;
}) {
  const view = useRunView(selectSelectedStep);
  const planned = useRunView(selectRunMode) === "planned";
  const structure = useRunStructure();
  if (!view)
    return (
      <p className="text-sm text-muted" data-testid="step-detail-empty">
        Select a step on the canvas or in the progress list to see what it did.
      </p>
    );
  // An agent's call to a tool no step uses runs as a step the routine does not have: shown, never intervened on.
  const step = structure.steps.get(view.stepId);
  const style = STEP_STATE_STYLE[view.state];
  const kind = step ? STEP_KIND_LOOKS[step.kind] : null;
  const tool = step ? describeStep(step).toolOf(step) : undefined;
  const kindDetail = step ? stepKindDetail(step) : null;
  return (
    <div className="space-y-4" data-testid="step-detail" data-step={view.stepId} data-state={view.state}>
      <div className="space-y-1">
        <h2 className="text-base font-semibold text-foreground">
          {step ? step.name : `Call to ${callOutsideSteps(view.stepId) ?? view.stepId}`}
        </h2>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
          <Badge tone={style.tone} data-testid="step-detail-state">
            {style.label}
          </Badge>
          <span>
            {kind ? kind.label : "A call outside the routine’s steps"}
            {tool ? `: ${tool.server}/${tool.name}` : ""}
          </span>
          {view.attempt > 1 ? <span>attempt {view.attempt}</span> : null}
          {view.iteration > 1 ? <span>pass {view.iteration}</span> : null}
        </div>
      </div>
      {view.error ? (
        <Alert tone="error" title="This step failed" testId="step-detail-error">
          {view.error}
        </Alert>
      ) : null}
      {view.skipReason ? <p className="text-sm text-muted">Skipped: {view.skipReason}</p> : null}
      {/* A planned run's call is the actor's to repeat: the operator steers the run through its tasks instead. */}
      {canControl && step && !planned ? (
        <StepInterventions runId={runId} step={step} view={view} actions={actions} />
      ) : null}
      {kindDetail && view.stepRunId
        ? createElement(kindDetail, { runId, view: { ...view, stepRunId: view.stepRunId }, actions })
        : null}
      <Timings view={view} />
      {view.toolCall ? (
        <PanelSection
          title={`Tool call${view.toolCall.byModel ? " (chosen by the model)" : ""}`}
          testId="step-tool-call"
        >
          <p className="text-xs text-muted">
            {view.toolCall.server}/{view.toolCall.tool}
          </p>
          <JsonView value={view.toolCall.arguments} testId="step-tool-arguments" />
        </PanelSection>
      ) : view.input !== undefined && view.input !== null ? (
        <PanelSection title="Input" testId="step-input">
          <JsonView value={view.input} />
        </PanelSection>
      ) : null}
      {view.refusals.length > 0 ? (
        <PanelSection title="Refused tool calls">
          <ul className="space-y-1 text-xs">
            {view.refusals.map((refusal, index) => (
              <li key={index} className="text-warning">
                {refusal.tool}: {refusal.reason}
                {refusal.corrective ? " (the model was told to correct it)" : ""}
              </li>
            ))}
          </ul>
        </PanelSection>
      ) : null}
      <StepOutput runId={runId} view={view} actions={actions} />
      <ModelTurns view={view} />
      {view.stepRunId ? <ModelExchanges runId={runId} stepRunId={view.stepRunId} /> : null}
      <History view={view} />
    </div>
  );
}

function Timings({ view }: { view: StepView }) {
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs" data-testid="step-timings">
      <dt className="text-muted">Started</dt>
      <dd className="text-foreground">{time(view.startedAt)}</dd>
      <dt className="text-muted">Finished</dt>
      <dd className="text-foreground">{time(view.finishedAt)}</dd>
      <dt className="text-muted">Took</dt>
      <dd className="text-foreground">{formatDuration(view.durationMs)}</dd>
      <dt className="text-muted">Tokens</dt>
      <dd className="text-foreground">
        {formatTokens(view.inputTokens)} in · {formatTokens(view.outputTokens)} out
      </dd>
    </dl>
  );
}

function StepOutput({ runId, view, actions }: { runId: string; view: StepView; actions: RunActions }) {
  if (view.variableKey) {
    return (
      <PanelSection title="Output (kept in variable memory)" testId="step-output">
        <VariableViewer
          runId={runId}
          variableKey={view.variableKey}
          preview={view.preview}
          readVariable={actions.readVariable}
        />
      </PanelSection>
    );
  }
  if (view.output === undefined || view.output === null) return null;
  return (
    <PanelSection title="Output" testId="step-output">
      <JsonView value={view.output} testId="step-output-value" />
    </PanelSection>
  );
}

function ModelTurns({ view }: { view: StepView }) {
  if (view.modelTurns.length === 0) return null;
  return (
    <PanelSection title={`Model messages (${view.modelTurns.length})`} testId="step-model-turns">
      <ol className="space-y-2">
        {view.modelTurns.map((turn, index) => (
          <li key={index} className="rounded-lg border border-border p-2 text-xs">
            <p className="mb-1 text-muted">
              {formatTokens(turn.inputTokens)} in · {formatTokens(turn.outputTokens)} out
            </p>
            {turn.content ? <p className="whitespace-pre-wrap text-foreground">{turn.content}</p> : null}
            {turn.toolCalls.map((call, callIndex) => (
              <p key={callIndex} className="mt-1 font-mono text-accent">
                {call.name}({call.arguments})
              </p>
            ))}
          </li>
        ))}
      </ol>
    </PanelSection>
  );
}

function History({ view }: { view: StepView }) {
  if (view.retries.length === 0 && view.interventions.length === 0) return null;
  return (
    <PanelSection title="Retries and interventions" testId="step-history">
      <ul className="space-y-1 text-xs text-foreground">
        {view.retries.map((retry, index) => (
          <li key={`r${index}`}>
            Attempt {retry.attempt} after {formatDuration(retry.delayMs)}: {retry.reason}
          </li>
        ))}
        {view.interventions.map((item, index) => (
          <li key={`i${index}`}>
            {item.by} {item.action.replace("_", " ")}
            {item.reason || item.comment ? `: “${item.reason ?? item.comment}”` : ""}
          </li>
        ))}
      </ul>
    </PanelSection>
  );
}
