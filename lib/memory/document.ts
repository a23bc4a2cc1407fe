import { callsTool, hasCapability, type Routine } from "../routine";
import type { MemoryDocument } from "./types";

/**
 * The memory document of a routine version: its name, description, intents, the names and descriptions of its
 * steps (end steps carry no procedure and are left out) and the names of the tools its tool steps call.
 */
export function documentFromRoutine(routine: Routine, ids: { routineId: string; versionId: string }): MemoryDocument {
  const tools = new Set<string>();
  for (const step of routine.steps) if (callsTool(step)) tools.add(step.tool.name);
  return {
    routineId: ids.routineId,
    versionId: ids.versionId,
    name: routine.name,
    description: routine.description,
    intents: [...routine.intents],
    steps: routine.steps
      .filter((step) => !hasCapability(step, "endsRun"))
      .map((step) => ({ name: step.name, description: step.description })),
    tools: [...tools],
  };
}

/**
 * The text of a document as one passage, the input an embedder gets for a version. Stable for a given document, so
 * a stored embedding stays valid until the version changes.
 */
export function documentText(doc: MemoryDocument): string {
  const lines = [doc.name, doc.description, ...doc.intents];
  for (const step of doc.steps) lines.push(step.description ? `${step.name}: ${step.description}` : step.name);
  if (doc.tools.length > 0) lines.push(`Tools: ${doc.tools.join(", ")}`);
  return lines.filter((line) => line.trim().length > 0).join("\n");
}
