"use client";

import { Badge, Button, FormStatus, useFormAction } from "@/components/ui";
import { Select } from "@/components/ui/select";
import type { ActionState } from "@/lib/forms";
import { sideEffectsLabel, sideEffectsReason, type ToolSideEffects } from "@/lib/tools";

/** "Read-only" or "Changes data", the one rule's verdict (lib/tools/side-effects.ts); its reason on hover. */
export function SideEffectsBadge({ effects, toolName }: { effects: ToolSideEffects; toolName: string }) {
  return (
    <Badge
      tone={effects.sideEffects === "read_only" ? "success" : "warning"}
      title={sideEffectsReason(effects)}
      data-testid={`tool-side-effects-${toolName}`}
      data-side-effects={effects.sideEffects}
    >
      {sideEffectsLabel(effects)}
      {effects.basis === "admin" ? " (admin)" : ""}
    </Badge>
  );
}

type Props = {
  serverId: string;
  toolName: string;
  effects: ToolSideEffects;
  /** Admins may override the annotations; everyone else reads the verdict and its reason. */
  canManage: boolean;
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
};

/**
 * Whether the tool changes data and why, and for admins the override: follow the tool's annotations, or say
 * read-only or changes data whatever they say. Evaluation runs never call a tool that changes data; operators may
 * try only read-only ones.
 */
export function SideEffectsSetting({ serverId, toolName, effects, canManage, action }: Props) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, { status: "idle" } as ActionState);
  const selectId = `side-effects-${toolName}`;
  const annotationsVerdict = effects.declaresReadOnly ? "read-only" : "changes data";
  return (
    <section
      className="space-y-2"
      aria-labelledby={`${selectId}-title`}
      data-testid={`tool-side-effects-panel-${toolName}`}
    >
      <h3 id={`${selectId}-title`} className="text-sm font-semibold">
        Changes data?
      </h3>
      <p className="text-sm text-muted" data-testid={`tool-side-effects-reason-${toolName}`}>
        <span className="font-medium text-foreground">{sideEffectsLabel(effects)}.</span> {sideEffectsReason(effects)}{" "}
        Evaluation runs never call a tool that changes data: they record the call and answer it with a labelled
        simulated answer.
      </p>
      {canManage ? (
        <form action={formAction} onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="serverId" value={serverId} />
          <input type="hidden" name="toolName" value={toolName} />
          <label htmlFor={selectId} className="block text-sm">
            <span className="mb-1 block font-medium">Treat it as</span>
            <Select
              id={selectId}
              name="sideEffects"
              defaultValue={effects.basis === "admin" ? effects.sideEffects : "annotations"}
              className="w-auto min-w-64"
              data-testid={`tool-side-effects-select-${toolName}`}
            >
              <option value="annotations">Its annotations say ({annotationsVerdict})</option>
              <option value="read_only">Read-only (admin override)</option>
              <option value="writes">Changes data (admin override)</option>
            </Select>
          </label>
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            pending={pending}
            data-testid={`tool-side-effects-save-${toolName}`}
          >
            Save
          </Button>
        </form>
      ) : null}
      <FormStatus state={state} testId={`tool-side-effects-status-${toolName}`} />
    </section>
  );
}
