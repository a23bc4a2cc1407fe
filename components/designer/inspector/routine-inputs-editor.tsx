"use client";

import { Plus, X } from "lucide-react";
import { Button, Input } from "@/components/ui";
import { Select } from "@/components/ui/select";
import { PARAM_TYPES, type Param } from "@/lib/routine";
import { toIdentifier } from "./outputs-editor";

/** What a run of this routine is started with; steps bind to these as "routine inputs". */
export function RoutineInputsEditor({ inputs, onChange }: { inputs: Param[]; onChange: (inputs: Param[]) => void }) {
  const update = (index: number, patch: Partial<Param>) =>
    onChange(inputs.map((input, i) => (i === index ? { ...input, ...patch } : input)));
  return (
    <div className="space-y-2" data-testid="routine-inputs">
      {inputs.map((input, index) => (
        <div key={index} className="space-y-1 rounded-lg border border-border p-2">
          <div className="flex gap-1.5">
            <Input
              aria-label="Input name"
              value={input.name}
              onChange={(event) => update(index, { name: toIdentifier(event.target.value) })}
              className="h-8 min-w-0 flex-1 font-mono text-xs"
            />
            {/* The select is full-width by design; its box here is what keeps the name field readable. */}
            <div className="w-24 shrink-0">
              <Select
                aria-label="Input type"
                value={input.type}
                onChange={(event) => update(index, { type: event.target.value as Param["type"] })}
                className="h-8 text-xs"
              >
                {PARAM_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </Select>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`Remove input ${input.name}`}
              onClick={() => onChange(inputs.filter((_, i) => i !== index))}
            >
              <X className="size-3.5" aria-hidden="true" />
            </Button>
          </div>
          <Input
            aria-label="Input description"
            placeholder="What it is"
            value={input.description}
            onChange={(event) => update(index, { description: event.target.value })}
            className="h-8 text-xs"
          />
          <label className="flex items-center gap-2 text-xs text-muted">
            <input
              type="checkbox"
              checked={input.required}
              onChange={(event) => update(index, { required: event.target.checked })}
              className="accent-[var(--accent)]"
            />
            Required
          </label>
        </div>
      ))}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() =>
          onChange([...inputs, { name: `input_${inputs.length + 1}`, description: "", type: "string", required: true }])
        }
        data-testid="add-routine-input"
      >
        <Plus className="size-3.5" aria-hidden="true" /> Add input
      </Button>
    </div>
  );
}
