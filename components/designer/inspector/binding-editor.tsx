"use client";

import { Input } from "@/components/ui";
import { Select } from "@/components/ui/select";
import type { UpstreamOutput } from "./upstream";
import type { Binding, JsonValue, Param } from "@/lib/routine";

type Props = {
  id: string;
  binding: Binding | undefined;
  upstream: UpstreamOutput[];
  routineInputs: Param[];
  onChange: (binding: Binding | undefined) => void;
};

/** Where one input's value comes from: an upstream output, a routine input, a fixed value, or the model. */
export function BindingEditor({ id, binding, upstream, routineInputs, onChange }: Props) {
  const value = bindingKey(binding);
  return (
    <div className="space-y-1.5">
      <Select
        id={id}
        value={value}
        data-testid={`binding-${id}`}
        onChange={(event) => onChange(fromKey(event.target.value, binding))}
      >
        <option value="">Not bound</option>
        <option value="model">The model decides</option>
        <option value="literal">A fixed value</option>
        {routineInputs.length ? (
          <optgroup label="Routine inputs">
            {routineInputs.map((input) => (
              <option key={input.name} value={`input:${input.name}`}>
                {input.name}
              </option>
            ))}
          </optgroup>
        ) : null}
        {upstream.length ? (
          <optgroup label="Outputs of earlier steps">
            {upstream.map((out) => (
              <option key={`${out.stepId}.${out.output}`} value={`step:${out.stepId}:${out.output}`}>
                {out.stepName} → {out.output}
              </option>
            ))}
          </optgroup>
        ) : null}
      </Select>
      {binding?.from === "model" ? (
        <Input
          aria-label="Hint for the model"
          placeholder="Hint: what the model should take"
          value={binding.hint}
          onChange={(event) => onChange({ from: "model", hint: event.target.value })}
          className="h-8 text-xs"
        />
      ) : null}
      {binding?.from === "literal" ? (
        <Input
          aria-label="Fixed value"
          value={typeof binding.value === "string" ? binding.value : JSON.stringify(binding.value)}
          onChange={(event) => onChange({ from: "literal", value: parseLiteral(event.target.value) })}
          className="h-8 font-mono text-xs"
          data-testid={`literal-${id}`}
        />
      ) : null}
    </div>
  );
}

function bindingKey(binding: Binding | undefined): string {
  if (!binding) return "";
  if (binding.from === "input") return `input:${binding.name}`;
  if (binding.from === "step") return `step:${binding.stepId}:${binding.path.split(".")[0]}`;
  return binding.from;
}

function fromKey(key: string, previous: Binding | undefined): Binding | undefined {
  if (key === "") return undefined;
  if (key === "model") return { from: "model", hint: previous?.from === "model" ? previous.hint : "" };
  if (key === "literal") return { from: "literal", value: previous?.from === "literal" ? previous.value : "" };
  const [kind, a, b] = key.split(":");
  if (kind === "input") return { from: "input", name: a };
  return { from: "step", stepId: a, path: b };
}

/** Numbers, booleans and JSON stay typed; anything else is a string. */
function parseLiteral(text: string): JsonValue {
  try {
    const parsed = JSON.parse(text) as JsonValue;
    if (typeof parsed !== "string") return parsed;
  } catch {
    // not JSON: a plain string
  }
  return text;
}
