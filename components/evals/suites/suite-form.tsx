"use client";

import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Alert, Button, Field, Input } from "@/components/ui";
import { Select } from "@/components/ui/select";
import { useFormAction } from "@/components/ui";
import { EVAL_MODES, type EvalMode } from "@/lib/evaluations/scoring";
import { idleState, type ActionState } from "@/lib/forms";
import { CONTEXT_MODE_LABELS, CONTEXT_MODES, type ContextMode } from "@/lib/context-modes";
import { MODE_LABELS } from "./suite-modes";

type Row = {
  key: number;
  versionId: string;
  model: string;
  mode: EvalMode;
  distractors: number;
  /** Absent: the admin's context mode when the suite runs. */
  contextMode?: ContextMode;
};

export type SuiteFormProps = {
  routineId: string;
  suite: {
    id: string;
    name: string;
    concurrency: number;
    trials: number;
    configurations: Array<Omit<Row, "key">>;
  } | null;
  versions: Array<{ id: string; number: number; status: string }>;
  /** The executor role's configured model, used when a row leaves the model empty. */
  defaultModel: string | null;
  /** The context mode in effect, used when a row leaves the context at its default. */
  defaultContextMode: ContextMode;
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
};

let next = 0;

/**
 * Creates or edits a suite: its name, how many cases run at once, and the configurations side by side (a version
 * of the routine × a model × a mode × distractor routines × a context mode), each row built from pickers.
 */
export function SuiteForm({ routineId, suite, versions, defaultModel, defaultContextMode, action }: SuiteFormProps) {
  const { state, onSubmit, formAction, pending } = useFormAction(action, idleState as ActionState);
  const firstVersion = versions[0]?.id ?? "";
  const [rows, setRows] = useState<Row[]>(() =>
    (suite?.configurations.length
      ? suite.configurations
      : [
          { versionId: firstVersion, model: "", mode: "workflow" as const, distractors: 0 },
          { versionId: firstVersion, model: "", mode: "agent" as const, distractors: 0 },
        ]
    ).map((row) => ({ ...row, key: next++ })),
  );
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const update = (key: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const configurations = JSON.stringify(rows.map(({ key: _key, ...row }) => row));

  return (
    <form action={formAction} onSubmit={onSubmit} className="space-y-5" data-testid="suite-form" noValidate>
      <input type="hidden" name="routineId" value={routineId} />
      {suite ? <input type="hidden" name="suiteId" value={suite.id} /> : null}
      <input type="hidden" name="configurations" value={configurations} />
      {state.status === "error" ? (
        <Alert tone="error" title="The suite was not saved" testId="suite-form-error">
          {state.message}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem_10rem]">
        <Field id="suite-name" label="Name" errors={errors?.name}>
          {(aria) => <Input {...aria} name="name" defaultValue={suite?.name ?? ""} required data-testid="suite-name" />}
        </Field>
        <Field id="suite-concurrency" label="Cases at once" hint="1 to 16" errors={errors?.concurrency}>
          {(aria) => (
            <Input
              {...aria}
              name="concurrency"
              type="number"
              min={1}
              max={16}
              defaultValue={suite?.concurrency ?? 4}
              data-testid="suite-concurrency"
            />
          )}
        </Field>
        <Field id="suite-trials" label="Trials per case" hint="1 to 8; 2+ for pass^k" errors={errors?.trials}>
          {(aria) => (
            <Input
              {...aria}
              name="trials"
              type="number"
              min={1}
              max={8}
              defaultValue={suite?.trials ?? 1}
              data-testid="suite-trials"
            />
          )}
        </Field>
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-foreground">Configurations</legend>
        <p className="text-xs text-muted">
          Every active case runs under each configuration. Leave the model empty for the executor&apos;s configured
          model{defaultModel ? ` (${defaultModel})` : ""}. The context says how much of the run the executor&apos;s
          prompt carries; the default follows the setting in effect when the suite runs (now{" "}
          {CONTEXT_MODE_LABELS[defaultContextMode].title}).
        </p>
        {rows.map((row, index) => (
          <div
            key={row.key}
            className="grid items-end gap-3 rounded-lg border border-border p-3 sm:grid-cols-[8rem_1fr_1fr_1fr_7rem_auto]"
            data-testid={`suite-configuration-${index}`}
            data-configuration-row
          >
            <Field id={`config-${row.key}-version`} label="Version">
              {(aria) => (
                <Select
                  {...aria}
                  value={row.versionId}
                  onChange={(event) => update(row.key, { versionId: event.target.value })}
                  data-testid={`suite-configuration-${index}-version`}
                >
                  {versions.map((version) => (
                    <option key={version.id} value={version.id}>
                      v{version.number} ({version.status.replaceAll("_", " ")})
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id={`config-${row.key}-mode`} label="Mode">
              {(aria) => (
                <Select
                  {...aria}
                  value={row.mode}
                  onChange={(event) => {
                    const mode = event.target.value as EvalMode;
                    update(row.key, {
                      mode,
                      distractors: mode === "workflow" || mode === "baseline" ? 0 : row.distractors,
                    });
                  }}
                  data-testid={`suite-configuration-${index}-mode`}
                >
                  {EVAL_MODES.map((mode) => (
                    <option key={mode} value={mode}>
                      {MODE_LABELS[mode]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id={`config-${row.key}-model`} label="Model">
              {(aria) => (
                <Input
                  {...aria}
                  value={row.model}
                  placeholder={defaultModel ?? "the executor's model"}
                  onChange={(event) => update(row.key, { model: event.target.value })}
                  data-testid={`suite-configuration-${index}-model`}
                />
              )}
            </Field>
            <Field id={`config-${row.key}-context`} label="Context">
              {(aria) => (
                <Select
                  {...aria}
                  value={row.contextMode ?? ""}
                  title={row.contextMode ? CONTEXT_MODE_LABELS[row.contextMode].purpose : undefined}
                  onChange={(event) =>
                    update(row.key, { contextMode: (event.target.value || undefined) as ContextMode | undefined })
                  }
                  data-testid={`suite-configuration-${index}-context`}
                >
                  <option value="">Default ({CONTEXT_MODE_LABELS[defaultContextMode].title})</option>
                  {CONTEXT_MODES.map((mode) => (
                    <option key={mode} value={mode}>
                      {CONTEXT_MODE_LABELS[mode].title}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id={`config-${row.key}-distractors`} label="Distractors">
              {(aria) => (
                <Select
                  {...aria}
                  value={String(row.distractors)}
                  disabled={row.mode === "workflow" || row.mode === "baseline"}
                  onChange={(event) => update(row.key, { distractors: Number(event.target.value) })}
                  data-testid={`suite-configuration-${index}-distractors`}
                >
                  {[0, 1, 2, 3, 4, 5].map((count) => (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`Remove configuration ${index + 1}`}
              disabled={rows.length === 1}
              onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </div>
        ))}
        {errors?.configurations ? (
          <p className="text-sm text-danger" role="alert" data-testid="suite-configurations-error">
            {errors.configurations.join(" ")}
          </p>
        ) : null}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={rows.length >= 12}
          onClick={() =>
            setRows((current) => [
              ...current,
              { key: next++, versionId: firstVersion, model: "", mode: "agent", distractors: 0 },
            ])
          }
          data-testid="suite-add-configuration"
        >
          <Plus className="size-4" aria-hidden="true" /> Add a configuration
        </Button>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button type="submit" pending={pending} data-testid="suite-save">
          {suite ? "Save the suite" : "Create the suite"}
        </Button>
      </div>
    </form>
  );
}
