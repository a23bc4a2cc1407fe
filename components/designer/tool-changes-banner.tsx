"use client";

import { AlertTriangle } from "lucide-react";
import { Button, useFormAction } from "@/components/ui";
import type { ActionState } from "@/lib/forms";
import type { ToolChange } from "@/lib/tools";

type Props = {
  routineId: string;
  changes: ToolChange[];
  canAccept: boolean;
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
};

/**
 * Says which tools this routine uses have a different schema now than when it was saved against them (or are
 * gone). An author checks the steps that use them and accepts; until then the flag stays.
 */
export function ToolChangesBanner({ routineId, changes, canAccept, action }: Props) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, { status: "idle" });
  return (
    <div
      role="status"
      className="flex shrink-0 flex-wrap items-center gap-3 border-b border-border bg-warning-soft px-3 py-2 text-sm"
      data-testid="tool-changes-banner"
    >
      <AlertTriangle className="size-4 shrink-0 text-warning" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        {changes.length === 1
          ? "A tool this routine uses changed"
          : `${changes.length} tools this routine uses changed`}{" "}
        since it was saved:{" "}
        {changes.map((change, index) => (
          <span key={`${change.server}/${change.name}`}>
            {index > 0 ? ", " : ""}
            <code className="font-mono text-xs">
              {change.server}/{change.name}
            </code>{" "}
            ({change.change === "removed" ? "no longer offered" : "schema changed"})
          </span>
        ))}
        . Check the steps that call {changes.length === 1 ? "it" : "them"}.
        {state.status === "error" ? <span className="ml-2 font-medium text-danger">{state.message}</span> : null}
      </p>
      {canAccept ? (
        <form action={formAction} onSubmit={onSubmit}>
          <input type="hidden" name="routineId" value={routineId} />
          <Button type="submit" size="sm" variant="secondary" pending={pending} data-testid="accept-tool-changes">
            Accept current schemas
          </Button>
        </form>
      ) : null}
    </div>
  );
}
