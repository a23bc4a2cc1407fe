"use client";

import { Plus, X } from "lucide-react";
import { Button, Input } from "@/components/ui";
import type { Output } from "@/lib/routine";

/** The named outputs a step produces; later steps bind to them. */
export function OutputsEditor({ outputs, onChange }: { outputs: Output[]; onChange: (outputs: Output[]) => void }) {
  const update = (index: number, patch: Partial<Output>) =>
    onChange(outputs.map((output, i) => (i === index ? { ...output, ...patch } : output)));
  return (
    <div className="space-y-2" data-testid="outputs-editor">
      {outputs.map((output, index) => (
        <div key={index} className="flex gap-1.5">
          <Input
            aria-label="Output name"
            value={output.name}
            onChange={(event) => update(index, { name: toIdentifier(event.target.value) })}
            className="h-8 w-28 font-mono text-xs"
          />
          <Input
            aria-label="Output description"
            value={output.description}
            placeholder="What it holds"
            onChange={(event) => update(index, { description: event.target.value })}
            className="h-8 flex-1 text-xs"
          />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Remove output ${output.name}`}
            onClick={() => onChange(outputs.filter((_, i) => i !== index))}
          >
            <X className="size-3.5" aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() => onChange([...outputs, { name: `output_${outputs.length + 1}`, description: "" }])}
      >
        <Plus className="size-3.5" aria-hidden="true" /> Add output
      </Button>
    </div>
  );
}

/** Output names are identifiers (they appear in bindings such as `balance.days`): spaces and symbols become "_". */
export function toIdentifier(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9_]/g, "_");
  return /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned;
}
