import { Checkbox, Field, Input } from "@/components/ui";
import { Select } from "@/components/ui/select";
import type { TrainingFormat, TrainingSource } from "@/lib/evaluations/scoring";

export type ExportRoutineOption = { id: string; name: string; versions: Array<{ id: string; number: number }> };

export type ExportFormValues = {
  routineId: string;
  versionId: string;
  model: string;
  from: string;
  to: string;
  source: TrainingSource;
  format: TrainingFormat;
  withRoutine: boolean;
};

type Props = {
  values: ExportFormValues;
  routines: ExportRoutineOption[];
  models: string[];
  fieldErrors: Record<string, string[]>;
  onChange: (change: Partial<ExportFormValues>) => void;
};

/** The export's filter and format controls; every change is reported at once (the count follows it). */
export function ExportFilterFields({ values, routines, models, fieldErrors, onChange }: Props) {
  const versions = routines.find((routine) => routine.id === values.routineId)?.versions ?? [];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="export-filters">
      <Field id="export-routine" label="Routine" errors={fieldErrors.routineId}>
        {(aria) => (
          <Select
            {...aria}
            value={values.routineId}
            onChange={(event) => onChange({ routineId: event.target.value, versionId: "" })}
            data-testid="export-routine"
          >
            <option value="">All routines</option>
            {routines.map((routine) => (
              <option key={routine.id} value={routine.id}>
                {routine.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        id="export-version"
        label="Version"
        hint={values.routineId ? undefined : "Choose a routine to pick one of its versions."}
        errors={fieldErrors.versionId}
      >
        {(aria) => (
          <Select
            {...aria}
            value={values.versionId}
            disabled={!values.routineId}
            onChange={(event) => onChange({ versionId: event.target.value })}
            data-testid="export-version"
          >
            <option value="">All versions</option>
            {versions.map((version) => (
              <option key={version.id} value={version.id}>
                Version {version.number}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id="export-model" label="Executor model" errors={fieldErrors.model}>
        {(aria) => (
          <Select
            {...aria}
            value={values.model}
            onChange={(event) => onChange({ model: event.target.value })}
            data-testid="export-model"
          >
            <option value="">Any model</option>
            {models.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id="export-from" label="From" hint="Runs started on or after this day (UTC)." errors={fieldErrors.from}>
        {(aria) => (
          <Input
            {...aria}
            type="date"
            value={values.from}
            onChange={(event) => onChange({ from: event.target.value })}
            data-testid="export-from"
          />
        )}
      </Field>
      <Field id="export-to" label="To" hint="Runs started on or before this day (UTC)." errors={fieldErrors.to}>
        {(aria) => (
          <Input
            {...aria}
            type="date"
            value={values.to}
            onChange={(event) => onChange({ to: event.target.value })}
            data-testid="export-to"
          />
        )}
      </Field>
      <Field
        id="export-source"
        label="Examples from"
        hint="Only runs that finished well become examples; below, what each rule left out."
        errors={fieldErrors.source}
      >
        {(aria) => (
          <Select
            {...aria}
            value={values.source}
            onChange={(event) => onChange({ source: event.target.value as ExportFormValues["source"] })}
            data-testid="export-source"
          >
            <option value="runs">Runs people started (not evaluations)</option>
            <option value="cases">Evaluation runs whose case passed</option>
            <option value="all">Both</option>
          </Select>
        )}
      </Field>
      <Field id="export-format" label="Format">
        {(aria) => (
          <Select
            {...aria}
            value={values.format}
            onChange={(event) => onChange({ format: event.target.value as ExportFormValues["format"] })}
            data-testid="export-format"
          >
            <option value="openai">OpenAI chat fine-tuning (messages, tools)</option>
            <option value="llamafactory">LLaMA-Factory (sharegpt with function calls)</option>
          </Select>
        )}
      </Field>
      <div className="sm:col-span-2 lg:col-span-2 lg:self-end">
        <Checkbox
          id="export-with-routine"
          checked={values.withRoutine}
          onChange={(event) => onChange({ withRoutine: event.target.checked })}
          label="Routine in the system prompt"
          description="With it, the model learns to follow the routine it is given; without it, a short generic prompt (the paper trained both)."
          data-testid="export-with-routine"
        />
      </div>
    </div>
  );
}
