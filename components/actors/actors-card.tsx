"use client";

import { UserCog } from "lucide-react";
import { ActorForm } from "./actor-form";
import type { ActorRowView, FormAction, ToolkitRowView } from "./actor-types";
import { NamedRecordsCard } from "./named-records-card";

type Props = {
  actors: ActorRowView[];
  toolkits: ToolkitRowView[];
  saveAction: FormAction;
  deleteAction: FormAction;
};

/** The actor profiles: who carries out work, with which toolkit and on which executor model. */
export function ActorsCard({ actors, toolkits, saveAction, deleteAction }: Props) {
  const noToolkits = toolkits.length === 0;
  return (
    <NamedRecordsCard
      noun="actor"
      title="Actor profiles"
      description="Who carries out work: a persona for the executor's prompt, a toolkit, and the model it runs on."
      rows={actors}
      cannotCreate={noToolkits ? "Create a toolkit first" : undefined}
      emptyIcon={UserCog}
      emptyText={
        noToolkits
          ? "No actors yet — create a toolkit first, then an actor that works with it."
          : "No actors yet — an actor works a routine or a task with one toolkit."
      }
      summary={(actor) => (
        <>
          <p className="font-medium text-foreground">{actor.name}</p>
          <p className="text-xs text-muted">
            Toolkit {actor.toolkitName} · model {actor.model ?? "the configured executor model"}
          </p>
          {actor.persona ? <p className="line-clamp-2 text-sm text-muted">{actor.persona}</p> : null}
        </>
      )}
      deleteConsequence={() => "Routines that name this actor will fail validation until their author picks another."}
      deleteAction={deleteAction}
      form={({ record, onSaved, onCancel }) => (
        <ActorForm actor={record} toolkits={toolkits} action={saveAction} onSaved={onSaved} onCancel={onCancel} />
      )}
    />
  );
}
