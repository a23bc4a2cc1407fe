import { callsTool } from "./kinds";
import type { Routine, ToolRef } from "./schema";

/** The tools a routine may call: exactly those its tool-calling steps name (the executor gets no others). */
export function toolAllowlist(routine: Routine): ToolRef[] {
  const seen = new Map<string, ToolRef>();
  for (const step of routine.steps) {
    if (callsTool(step)) seen.set(`${step.tool.server}/${step.tool.name}`, step.tool);
  }
  return [...seen.values()];
}
