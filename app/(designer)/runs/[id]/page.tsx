import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ModelExchangesProvider } from "@/components/runs/panel/model-exchanges-context";
import { RunView } from "@/components/runs/run-view";
import { SaveAsCase } from "@/components/runs/save-as-case";
import { SaveAsDraft } from "@/components/runs/save-as-draft";
import { toRunViewSnapshot } from "@/components/runs/to-snapshot";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert } from "@/components/ui";
import { sectionAccess } from "@/lib/session";
import { ADMIN_ROLES, hasAnyRole, WRITER_ROLES } from "@/lib/access";
import { listActorProfiles } from "@/lib/db/actors";
import { getRun, getRunModel } from "@/lib/runs/operations";
import { NotFoundError } from "@/lib/db/core";
import { layoutIfUnpositioned } from "@/lib/graph";
import { modelPriceTable, priceOf } from "@/lib/llm";
import { hasCapability } from "@/lib/routine";
import {
  controlRunAction,
  decideHumanStepAction,
  readRunVariableAction,
  rerunFromStepAction,
  retryStepAction,
} from "./actions";
import { saveRunAsCaseAction } from "./case-actions";
import { readChildRunAction } from "./child-run-actions";
import { loadModelExchangesAction } from "./exchange-actions";
import { editTaskAction, saveAsDraftAction } from "./planned-actions";
import { controlStageAction, skipStepAction } from "./stage-actions";

export const metadata: Metadata = { title: "Run" };

const actions = {
  control: controlRunAction,
  retryStep: retryStepAction,
  skipStep: skipStepAction,
  controlStage: controlStageAction,
  readChildRun: readChildRunAction,
  rerunFromStep: rerunFromStepAction,
  decideHumanStep: decideHumanStepAction,
  readVariable: readRunVariableAction,
};

/**
 * One run, live: the page reads the run (404 for an unknown run and for one the viewer may not see), and the client
 * replays its events and follows new ones over /api/runs/[id]/events.
 */
export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  const { viewer, allowed } = await sectionAccess("runs");
  if (!allowed) {
    return (
      <div className="p-8">
        <AccessDenied sectionId="runs" viewer={viewer} />
      </div>
    );
  }
  const { id } = await params;
  let run;
  try {
    run = await getRun(viewer, id);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    return (
      <div className="p-8">
        <Alert tone="error" title="This run could not be opened" testId="run-load-error">
          {error instanceof Error ? error.message : "Please try again."}
        </Alert>
      </div>
    );
  }
  const routine = await layoutIfUnpositioned(run.routine);
  const model = await getRunModel(viewer, id).catch(() => null);
  const prices = modelPriceTable();
  const { price, matched } = priceOf(model, prices);
  // Model exchanges hold whatever the run's prompts and data held: admins only (the action checks again).
  const canReadExchanges = viewer !== null && hasAnyRole(viewer.roles, ADMIN_ROLES);
  const planned = run.mode === "planned";
  // The actors a paused run's task may be handed to; without them the edit dialog still offers "the planner chooses".
  // A routine run's stages name who works each (its actor, a sub-routine step's own) and price their tokens.
  const actorsShown = planned
    ? run.canControl
    : run.routine.stages.length > 0 || run.routine.steps.some((step) => hasCapability(step, "startsChildRun"));
  const profiles = actorsShown ? await listActorProfiles(viewer).catch(() => []) : [];
  const actors = planned ? profiles.map(({ id, name }) => ({ id, name })) : [];
  const hierarchy = {
    actorId: run.execution.mode === "planned" ? null : (run.execution.actorId ?? null),
    actors: planned ? [] : profiles.map(({ id, name, model: actorModel }) => ({ id, name, model: actorModel })),
    runModel: model,
    prices,
  };
  // Authors and admins save what a run did (the actions check again); a planned run tells anyone else who can.
  const writer = hasAnyRole(viewer.roles, WRITER_ROLES);
  const headerExtra = planned ? (
    <SaveAsDraft action={writer ? saveAsDraftAction : null} />
  ) : writer ? (
    <SaveAsCase action={saveRunAsCaseAction} />
  ) : undefined;
  return (
    <ModelExchangesProvider load={canReadExchanges ? loadModelExchangesAction : null}>
      <RunView
        snapshot={toRunViewSnapshot(run, routine)}
        canControl={run.canControl}
        actions={actions}
        price={{ model: model ?? "the executor model", matched, price }}
        headerExtra={headerExtra}
        planned={planned ? { actors, editTask: editTaskAction } : undefined}
        hierarchy={hierarchy}
      />
    </ModelExchangesProvider>
  );
}
