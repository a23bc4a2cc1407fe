"use client";

import { Pencil, Plus, Wrench } from "lucide-react";
import { useState } from "react";
import { Alert, Badge, Button, Card, CardBody, CardHeader, Dialog } from "@/components/ui";
import { toolKeyOf, type CatalogToolView, type FormAction, type ToolkitRowView } from "./actor-types";
import { DeleteButton } from "./delete-button";
import { ToolkitForm } from "./toolkit-form";

type Props = {
  toolkits: ToolkitRowView[];
  catalog: CatalogToolView[];
  saveAction: FormAction;
  deleteAction: FormAction;
};

/** The toolkits: named bundles of catalog tools that actor profiles may call. */
export function ToolkitsCard({ toolkits, catalog, saveAction, deleteAction }: Props) {
  const [editing, setEditing] = useState<ToolkitRowView | "new" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => {
    setEditing(null);
    setNotice(message);
  };
  const edited = editing === "new" ? null : editing;
  return (
    <Card data-testid="toolkits-card">
      <CardHeader
        title="Toolkits"
        description="A toolkit bundles the tools an actor may call; a routine run by an actor calls only these."
        actions={
          <Button size="sm" onClick={() => setEditing("new")} data-testid="toolkit-new">
            <Plus className="size-4" aria-hidden="true" /> New toolkit
          </Button>
        }
      />
      <CardBody className="space-y-3">
        {notice ? (
          <Alert tone="success" testId="toolkits-success">
            {notice}
          </Alert>
        ) : null}
        {toolkits.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted" data-testid="toolkits-empty">
            <Wrench className="size-4" aria-hidden="true" />
            No toolkits yet — a toolkit bundles the tools an actor may call.
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {toolkits.map((toolkit) => (
              <li
                key={toolkit.id}
                className="flex flex-wrap items-start justify-between gap-3 py-3"
                data-testid={`toolkit-row-${toolkit.name}`}
              >
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="font-medium text-foreground">
                    {toolkit.name}{" "}
                    <Badge>
                      {toolkit.tools.length} tool{toolkit.tools.length === 1 ? "" : "s"}
                    </Badge>
                  </p>
                  {toolkit.description ? <p className="text-sm text-muted">{toolkit.description}</p> : null}
                  <p className="truncate font-mono text-xs text-muted" title={toolkit.tools.map(toolKeyOf).join(", ")}>
                    {toolkit.tools.map((tool) => tool.name).join(", ") || "No tools"}
                  </p>
                  {toolkit.usedBy.length > 0 ? (
                    <p className="text-xs text-muted">Used by {toolkit.usedBy.join(", ")}</p>
                  ) : null}
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setEditing(toolkit)}
                    aria-label={`Edit the toolkit ${toolkit.name}`}
                    data-testid={`toolkit-row-${toolkit.name}-edit`}
                  >
                    <Pencil className="size-4" aria-hidden="true" /> Edit
                  </Button>
                  <DeleteButton
                    id={toolkit.id}
                    label={`the toolkit “${toolkit.name}”`}
                    consequence={
                      toolkit.usedBy.length > 0
                        ? `${toolkit.usedBy.join(", ")} still use${toolkit.usedBy.length === 1 ? "s" : ""} it: give them another toolkit first.`
                        : "No actor uses it. The tools themselves stay in the catalog."
                    }
                    action={deleteAction}
                    onDeleted={setNotice}
                    testId={`toolkit-row-${toolkit.name}`}
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
        title={edited ? `Edit the toolkit “${edited.name}”` : "New toolkit"}
        description="Choose the tools from the catalog, grouped by server."
        testId="toolkit-dialog"
      >
        {editing !== null ? (
          <ToolkitForm
            key={edited?.id ?? "new"}
            toolkit={edited}
            catalog={catalog}
            action={saveAction}
            onSaved={done}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </Card>
  );
}
