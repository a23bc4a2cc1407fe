"use client";

import { BindingEditor } from "./binding-editor";
import { InspectorField, InspectorSection } from "./inspector-field";
import { OutputsEditor } from "./outputs-editor";
import { upstreamOutputs } from "./upstream";
import { Checkbox, Input, Textarea } from "@/components/ui";
import { Select } from "@/components/ui/select";
import type { Binding, Param } from "@/lib/routine";
import type { InspectorPanelProps } from "./step-panel-props";

/** A tool step: which tool, where each parameter comes from, what it returns, and how it may fail. */
export function ToolStepPanel({ step, routine, tools, update }: InspectorPanelProps<"tool">) {
  const tool = tools.find((candidate) => candidate.server === step.tool.server && candidate.name === step.tool.name);
  const properties = tool?.inputSchema.properties ?? {};
  const required = new Set(tool?.inputSchema.required ?? []);
  const names = [...new Set([...Object.keys(properties), ...Object.keys(step.inputs)])];
  const upstream = upstreamOutputs(routine, step.id);
  const setBinding = (name: string, binding: Binding | undefined) =>
    update(`inputs.${name}`, (current) => {
      const inputs = { ...current.inputs };
      if (binding) inputs[name] = binding;
      else delete inputs[name];
      return { ...current, inputs };
    });

  return (
    <>
      <InspectorField id="step-tool" label="Tool">
        <Select
          id="step-tool"
          value={`${step.tool.server}/${step.tool.name}`}
          data-testid="inspector-tool"
          onChange={(event) => {
            const [server, ...rest] = event.target.value.split("/");
            update("tool", (current) => ({ ...current, tool: { server, name: rest.join("/") } }));
          }}
        >
          {tool ? null : (
            <option value={`${step.tool.server}/${step.tool.name}`}>{step.tool.name} (not in the catalog)</option>
          )}
          {tools.map((candidate) => (
            <option key={`${candidate.server}/${candidate.name}`} value={`${candidate.server}/${candidate.name}`}>
              {candidate.server} · {candidate.name}
            </option>
          ))}
        </Select>
      </InspectorField>
      <InspectorSection title="Inputs">
        {names.length === 0 ? <p className="text-xs text-muted">This tool takes no parameters.</p> : null}
        {names.map((name) => (
          <InspectorField
            key={name}
            id={`input-${name}`}
            label={`${name}${required.has(name) ? " *" : ""}`}
            hint={step.inputs[name]?.from === "model" ? undefined : properties[name]?.description}
          >
            <BindingEditor
              id={`input-${name}`}
              binding={step.inputs[name]}
              upstream={upstream}
              routineInputs={routine.inputs as Param[]}
              onChange={(binding) => setBinding(name, binding)}
            />
          </InspectorField>
        ))}
      </InspectorSection>
      <InspectorSection title="Outputs">
        <OutputsEditor
          outputs={step.outputs}
          onChange={(outputs) => update("outputs", (current) => ({ ...current, outputs }))}
        />
      </InspectorSection>
      <InspectorSection title="Completion and faults">
        <InspectorField
          id="step-completion"
          label="Done when"
          hint="In words: what must be true for this step to count as done."
        >
          <Textarea
            id="step-completion"
            rows={2}
            value={step.completion ?? ""}
            onChange={(event) =>
              update("completion", (current) => ({ ...current, completion: event.target.value || undefined }))
            }
          />
        </InspectorField>
        <div className="grid grid-cols-2 gap-2">
          <InspectorField id="step-timeout" label="Timeout (ms)">
            <Input
              id="step-timeout"
              type="number"
              min={100}
              value={step.timeoutMs ?? ""}
              onChange={(event) =>
                update("timeoutMs", (current) => ({
                  ...current,
                  timeoutMs: event.target.value ? Number(event.target.value) : undefined,
                }))
              }
              className="h-8"
            />
          </InspectorField>
          <InspectorField id="step-retries" label="Attempts">
            <Input
              id="step-retries"
              type="number"
              min={1}
              max={10}
              value={step.retry?.maxAttempts ?? ""}
              onChange={(event) =>
                update("retry", (current) => ({
                  ...current,
                  retry: event.target.value
                    ? { maxAttempts: Number(event.target.value), backoffMs: current.retry?.backoffMs ?? 1000 }
                    : undefined,
                }))
              }
              className="h-8"
            />
          </InspectorField>
        </div>
        <Checkbox
          id="step-approval"
          label="Requires approval"
          description="An operator approves the call before it runs."
          checked={step.requiresApproval}
          onChange={(event) =>
            update("requiresApproval", (current) => ({ ...current, requiresApproval: event.target.checked }))
          }
        />
      </InspectorSection>
    </>
  );
}
