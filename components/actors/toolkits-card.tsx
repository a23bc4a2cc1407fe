"use client";

import { Wrench } from "lucide-react";
import { Badge } from "@/components/ui";
import { toolKeyOf, type CatalogToolView, type FormAction, type ToolkitRowView } from "./actor-types";
import { NamedRecordsCard } from "./named-records-card";
import { ToolkitForm } from "./toolkit-form";

type Props = {
  toolkits: ToolkitRowView[];
  catalog: CatalogToolView[];
  saveAction: FormAction;
  deleteAction: FormAction;
};

/** The toolkits: named bundles of catalog tools that actor profiles may call. */
export function ToolkitsCard({ toolkits, catalog, saveAction, deleteAction }: Props) {
  return (
    <NamedRecordsCard
      noun="toolkit"
      title="Toolkits"
      description="A toolkit bundles the tools an actor may call; a routine run by an actor calls only these."
      rows={toolkits}
      emptyIcon={Wrench}
      emptyText="No toolkits yet — a toolkit bundles the tools an actor may call."
      summary={(toolkit) => (
        <>
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
          {toolkit.usedBy.length > 0 ? <p className="text-xs text-muted">Used by {toolkit.usedBy.join(", ")}</p> : null}
        </>
      )}
      deleteConsequence={(toolkit) =>
        toolkit.usedBy.length > 0
          ? `${toolkit.usedBy.join(", ")} still use${toolkit.usedBy.length === 1 ? "s" : ""} it: give them another toolkit first.`
          : "No actor uses it. The tools themselves stay in the catalog."
      }
      deleteAction={deleteAction}
      dialogDescription="Choose the tools from the catalog, grouped by server."
      form={({ record, onSaved, onCancel }) => (
        <ToolkitForm toolkit={record} catalog={catalog} action={saveAction} onSaved={onSaved} onCancel={onCancel} />
      )}
    />
  );
}
