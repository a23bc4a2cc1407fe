import "server-only";
import { describeStep, type Param } from "../../routine";
import type { WaitingFor } from "../../mcp-publishing";
import type { RunView } from "../../runs/operations";

/** The step a waiting run waits on a person for, and what they must give: null when it waits on something else. */
export function waitingStepOf(run: RunView): (WaitingFor & { stepRunId: string; input: unknown }) | null {
  for (const stepRun of run.steps) {
    if (stepRun.state !== "waiting") continue;
    const step = run.routine.steps.find((candidate) => candidate.id === stepRun.stepId);
    if (!step || !describeStep(step).waitsForPerson(step)) continue;
    const form: readonly Param[] = describeStep(step).formOf(step);
    const instruction = step.kind === "human" ? step.instruction || step.description : step.description;
    return {
      stepRunId: stepRun.id,
      stepId: step.id,
      stepName: step.name,
      kind: step.kind === "human" ? (form.length ? "form" : "approval") : "tool_approval",
      instruction,
      fields: form.map(({ name, type, description, required }) => ({ name, type, description, required })),
      input: stepRun.input,
    };
  }
  return null;
}

type Labels = { title: string; description?: string };
type PrimitiveSchema = Labels & ({ type: "string" } | { type: "number" | "integer" } | { type: "boolean" });

const primitive = (type: "string" | "number" | "integer" | "boolean", labels: Labels): PrimitiveSchema =>
  type === "string" ? { type, ...labels } : type === "boolean" ? { type, ...labels } : { type, ...labels };

/**
 * The elicitation form for a waiting step (MCP elicitation takes a flat object of primitive fields): the step's
 * form fields, or for an approval a yes/no and a comment. Null when a field is a list or an object, which a client
 * form cannot ask for: the call then returns with the run waiting, to be decided on its page.
 */
export function elicitationFor(waiting: WaitingFor & { input: unknown }) {
  const properties: Record<string, PrimitiveSchema> = {};
  if (waiting.kind === "form") {
    for (const field of waiting.fields) {
      if (field.type === "object" || field.type === "array") return null;
      const labels = { title: field.name, ...(field.description ? { description: field.description } : {}) };
      properties[field.name] = primitive(field.type, labels);
    }
  } else {
    properties.approve = { type: "boolean", title: "Approve", description: "Yes to approve, no to reject." };
    properties.comment = { type: "string", title: "Comment", description: "Why, for the run's record (optional)." };
  }
  const required =
    waiting.kind === "form" ? waiting.fields.filter((field) => field.required).map((field) => field.name) : ["approve"];
  const callArguments =
    waiting.kind === "tool_approval" ? `\nThe call's arguments: ${JSON.stringify(waiting.input)}` : "";
  return {
    message: `Step “${waiting.stepName}” waits for you.${waiting.instruction ? ` ${waiting.instruction}` : ""}${callArguments}`,
    requestedSchema: { type: "object" as const, properties, required },
  };
}
