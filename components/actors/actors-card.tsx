"use client";

import { Pencil, Plus, UserCog } from "lucide-react";
import { useState } from "react";
import { Alert, Button, Card, CardBody, CardHeader, Dialog } from "@/components/ui";
import { ActorForm } from "./actor-form";
import type { ActorRowView, FormAction, ToolkitRowView } from "./actor-types";
import { DeleteButton } from "./delete-button";

type Props = {
  actors: ActorRowView[];
  toolkits: ToolkitRowView[];
  saveAction: FormAction;
  deleteAction: FormAction;
};

/** The actor profiles: who carries out work, with which toolkit and on which executor model. */
export function ActorsCard({ actors, toolkits, saveAction, deleteAction }: Props) {
  const [editing, setEditing] = useState<ActorRowView | "new" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => {
    setEditing(null);
    setNotice(message);
  };
  const edited = editing === "new" ? null : editing;
  return (
    <Card data-testid="actors-card">
      <CardHeader
        title="Actor profiles"
        description="Who carries out work: a persona for the executor's prompt, a toolkit, and the model it runs on."
        actions={
          <Button
            size="sm"
            onClick={() => setEditing("new")}
            disabled={toolkits.length === 0}
            title={toolkits.length === 0 ? "Create a toolkit first" : undefined}
            data-testid="actor-new"
          >
            <Plus className="size-4" aria-hidden="true" /> New actor
          </Button>
        }
      />
      <CardBody className="space-y-3">
        {notice ? (
          <Alert tone="success" testId="actors-success">
            {notice}
          </Alert>
        ) : null}
        {actors.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted" data-testid="actors-empty">
            <UserCog className="size-4" aria-hidden="true" />
            {toolkits.length === 0
              ? "No actors yet — create a toolkit first, then an actor that works with it."
              : "No actors yet — an actor works a routine or a task with one toolkit."}
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {actors.map((actor) => (
              <li
                key={actor.id}
                className="flex flex-wrap items-start justify-between gap-3 py-3"
                data-testid={`actor-row-${actor.name}`}
              >
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="font-medium text-foreground">{actor.name}</p>
                  <p className="text-xs text-muted">
                    Toolkit {actor.toolkitName} · model {actor.model ?? "the configured executor model"}
                  </p>
                  {actor.persona ? <p className="line-clamp-2 text-sm text-muted">{actor.persona}</p> : null}
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setEditing(actor)}
                    aria-label={`Edit the actor ${actor.name}`}
                    data-testid={`actor-row-${actor.name}-edit`}
                  >
                    <Pencil className="size-4" aria-hidden="true" /> Edit
                  </Button>
                  <DeleteButton
                    id={actor.id}
                    label={`the actor “${actor.name}”`}
                    consequence="Routines that name this actor will fail validation until their author picks another."
                    action={deleteAction}
                    onDeleted={setNotice}
                    testId={`actor-row-${actor.name}`}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={edited ? `Edit the actor “${edited.name}”` : "New actor"}
        testId="actor-dialog"
      >
        {editing !== null ? (
          <ActorForm
            key={edited?.id ?? "new"}
            actor={edited}
            toolkits={toolkits}
            action={saveAction}
            onSaved={done}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </Card>
  );
}
