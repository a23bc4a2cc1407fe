"use client";

import { ChevronRight } from "lucide-react";
import { useState } from "react";
import { RelativeTimeLabel } from "@/components/routines/relative-time-label";
import { Alert, Badge, Card, cn } from "@/components/ui";
import { schemaFields } from "@/lib/tools";
import { SchemaTable } from "./schema-table";
import { SideEffectsBadge, SideEffectsSetting } from "./side-effects-setting";
import { TryToolForm } from "./try-tool-form";
import type { SideEffectsAction, ToolItem, TryPolicy, TryToolState } from "./tool-types";

type Annotations = {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};

/** What the annotations add to the side-effect verdict (SideEffectsBadge): deleting data, idempotence. */
function AnnotationBadges({ annotations }: { annotations: unknown }) {
  const hints = (annotations ?? {}) as Annotations;
  return (
    <>
      {hints.readOnlyHint === false && hints.destructiveHint ? <Badge tone="danger">may delete data</Badge> : null}
      {hints.idempotentHint ? <Badge>idempotent</Badge> : null}
    </>
  );
}

type Props = {
  serverId: string;
  tool: ToolItem;
  tryPolicy: TryPolicy;
  tryAction: (state: TryToolState, formData: FormData) => Promise<TryToolState>;
  /** Admins may override whether the tool changes data. */
  canManage: boolean;
  sideEffectsAction: SideEffectsAction;
};

/** Whether "try it" is offered: the server refuses the rest anyway (operators: read-only tools only, by the rule). */
function tryOffer(tool: ToolItem, policy: TryPolicy): "form" | "read-only-note" | null {
  if (policy === "none" || tool.removedAt || tool.schemaError) return null;
  if (policy === "any" || tool.sideEffects.sideEffects === "read_only") return "form";
  return "read-only-note";
}

/**
 * One tool: a summary line (with whether it changes data) that expands into its parameters, output schema, why it
 * counts as read-only or not (admins may override), and, for admins and operators, "try it".
 */
export function ToolCard({ serverId, tool, tryPolicy, tryAction, canManage, sideEffectsAction }: Props) {
  const [open, setOpen] = useState(false);
  const offer = tryOffer(tool, tryPolicy);
  const fields = schemaFields(tool.inputSchema);
  const panelId = `tool-panel-${tool.name}`;
  return (
    <Card data-testid={`tool-${tool.name}`} className={cn(tool.removedAt && "opacity-70")}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring"
        data-testid={`tool-toggle-${tool.name}`}
      >
        <ChevronRight
          className={cn("mt-0.5 size-4 shrink-0 text-muted transition-transform", open && "rotate-90")}
          aria-hidden="true"
        />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-semibold text-foreground">{tool.name}</span>
            {tool.title ? <span className="text-sm text-muted">{tool.title}</span> : null}
            <SideEffectsBadge effects={tool.sideEffects} toolName={tool.name} />
            <AnnotationBadges annotations={tool.annotations} />
            {tool.removedAt ? (
              <Badge tone="danger" data-testid="tool-removed">
                no longer offered
              </Badge>
            ) : null}
            {tool.schemaError ? (
              <Badge tone="danger" data-testid="tool-invalid-schema">
                invalid schema
              </Badge>
            ) : null}
            {tool.changedAt && !tool.removedAt ? (
              <Badge tone="warning" data-testid="tool-changed">
                schema changed <RelativeTimeLabel iso={tool.changedAt} />
              </Badge>
            ) : null}
          </span>
          <span className="mt-0.5 line-clamp-2 block text-sm text-muted">{tool.description || "No description."}</span>
        </span>
      </button>
      {open ? (
        <div id={panelId} className="space-y-4 border-t border-border px-4 py-4">
          {tool.schemaError ? (
            <Alert tone="error" title="This tool cannot be called">
              The server describes it with a schema that is not valid JSON Schema: {tool.schemaError}
            </Alert>
          ) : null}
          <section className="space-y-2">
            <h3 className="text-sm font-semibold">Parameters</h3>
            <SchemaTable fields={fields} testId={`tool-params-${tool.name}`} />
          </section>
          {tool.outputSchema ? (
            <details className="text-sm">
              <summary className="cursor-pointer font-semibold">Output schema</summary>
              <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-surface-muted p-3 font-mono text-xs">
                {JSON.stringify(tool.outputSchema, null, 2)}
              </pre>
            </details>
          ) : null}
          {tool.removedAt ? null : (
            <SideEffectsSetting
              serverId={serverId}
              toolName={tool.name}
              effects={tool.sideEffects}
              canManage={canManage}
              action={sideEffectsAction}
            />
          )}
          <p
            className="break-all font-mono text-xs text-muted"
            title="The content hash routines pin this tool's schema by"
          >
            {tool.hash}
          </p>
          {offer === "form" ? (
            <section className="space-y-2 rounded-lg border border-border p-3">
              <h3 className="text-sm font-semibold">Try it</h3>
              <TryToolForm serverId={serverId} toolName={tool.name} fields={fields} action={tryAction} />
            </section>
          ) : null}
          {offer === "read-only-note" ? (
            <p className="text-sm text-muted" data-testid={`try-${tool.name}-admins-only`}>
              Only admins can try this tool: it counts as changing data, so calling it could change data outside any
              reviewed routine.
            </p>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
