"use client";

import { Badge, cn, ProgressBar, Spinner } from "@/components/ui";
import type { ActorNode } from "@/lib/runs/hierarchy";
import { formatTokens, selectHeader } from "@/lib/stores/run-view";
import { PanelSection } from "../panel-section";
import type { RunActions } from "../run-actions-types";
import { TONE_TEXT } from "../run-styles";
import { useRunView } from "../run-view-context";
import { useNow } from "../use-now";
import { useSelectedStage } from "./run-stages-context";
import { StageControls } from "./stage-controls";
import { stageTestKey } from "./stage-keys";
import { costText, durationText, HIERARCHY_STATUS_STYLE, isActive, progressText } from "./stage-style";

const time = (iso: string | null) => (iso ? `${iso.replace("T", " ").slice(0, 19)} UTC` : "—");

/**
 * The selected stage: its status, progress and totals, the controls an operator may use on it, and its actors with
 * their steps (a click opens a step). Everything is read from the run's hierarchy, so it follows the run live.
 */
export function StagePanel({
  runId,
  canControl,
  actions,
  onOpenStep,
}: {
  runId: string;
  canControl: boolean;
  actions: RunActions;
  onOpenStep: (stepId: string) => void;
}) {
  const stage = useSelectedStage();
  const header = useRunView(selectHeader);
  const now = useNow(stage !== null && isActive(stage.status) && stage.startedAt !== null);
  if (!stage)
    return (
      <p className="text-sm text-muted" data-testid="stage-panel-empty">
        This stage is no longer in the run.
      </p>
    );
  const style = HIERARCHY_STATUS_STYLE[stage.status];
  return (
    <div className="space-y-4" data-testid="stage-panel" data-stage={stageTestKey(stage)} data-state={stage.status}>
      <div className="space-y-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">Stage</p>
        <h2 className="text-base font-semibold text-foreground">{stage.name}</h2>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
          <Badge tone={style.tone} data-testid="stage-panel-state">
            {style.label}
          </Badge>
          <span data-testid="stage-panel-progress">{progressText(stage)}</span>
          {stage.passes > 1 ? <span data-testid="stage-panel-passes">ran {stage.passes} times</span> : null}
        </div>
        <ProgressBar done={stage.stepsDone} total={stage.stepsTotal} />
      </div>
      {canControl && stage.stageId !== null && header.mode === "agent" ? (
        <p className="text-xs text-muted">Stages are controlled in workflow runs; here the executor model drives.</p>
      ) : null}
      {canControl && stage.stageId !== null && header.mode !== "agent" ? (
        <StageControls
          runId={runId}
          stage={{ ...stage, stageId: stage.stageId }}
          runStatus={header.status}
          action={actions.controlStage}
        />
      ) : null}
      {stage.stageId === null ? (
        <p className="text-xs text-muted">Steps in no stage have no stage controls; each step has its own.</p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs" data-testid="stage-panel-totals">
        <dt className="text-muted">Started</dt>
        <dd className="text-foreground">{time(stage.startedAt)}</dd>
        <dt className="text-muted">Finished</dt>
        <dd className="text-foreground">{time(stage.finishedAt)}</dd>
        <dt className="text-muted">Took</dt>
        <dd className="text-foreground tabular-nums">{durationText(stage, now)}</dd>
        <dt className="text-muted">Tokens</dt>
        <dd className="text-foreground tabular-nums">
          {formatTokens(stage.inputTokens)} in · {formatTokens(stage.outputTokens)} out
        </dd>
        <dt className="text-muted">Est. cost</dt>
        <dd className="text-foreground tabular-nums" data-testid="stage-panel-cost">
          {costText(stage)}
        </dd>
      </dl>
      {stage.actors.map((actor) => (
        <ActorSection key={actor.actorId ?? "executor"} actor={actor} onOpenStep={onOpenStep} />
      ))}
    </div>
  );
}

function ActorSection({ actor, onOpenStep }: { actor: ActorNode; onOpenStep: (stepId: string) => void }) {
  const style = HIERARCHY_STATUS_STYLE[actor.status];
  return (
    <PanelSection title={`Actor: ${actor.name}`} testId={`stage-actor-${actor.actorId ?? "executor"}`}>
      <p className="text-xs text-muted">
        <span className={TONE_TEXT[style.tone]}>{style.label}</span> · {progressText(actor)} · {costText(actor)}
      </p>
      <ul className="space-y-0.5">
        {actor.steps.map((step) => {
          const stepStyle = HIERARCHY_STATUS_STYLE[step.status];
          const Icon = stepStyle.icon;
          return (
            <li key={step.stepId} data-testid={`stage-step-${step.stepId}`} data-state={step.status}>
              <button
                type="button"
                onClick={() => onOpenStep(step.stepId)}
                className="flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className={cn("shrink-0", TONE_TEXT[stepStyle.tone])} title={stepStyle.label}>
                  {step.status === "running" ? (
                    <Spinner className="size-4" />
                  ) : (
                    <Icon className="size-4" aria-hidden="true" />
                  )}
                  <span className="sr-only">{stepStyle.label}</span>
                </span>
                <span className="min-w-0 flex-1 truncate text-foreground">{step.name}</span>
                {step.executions > 1 ? (
                  <span className="shrink-0 text-xs text-muted" data-testid="stage-step-runs">
                    ran {step.executions}×
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </PanelSection>
  );
}
