import { describeStep, type Routine } from "@/lib/routine";

export type UpstreamOutput = { stepId: string; stepName: string; output: string; description: string };

/** Outputs of every step that can run before `stepId` (its ancestors), for the binding dropdown. */
export function upstreamOutputs(routine: Routine, stepId: string): UpstreamOutput[] {
  const incoming = new Map<string, string[]>();
  for (const edge of routine.edges) incoming.set(edge.target, [...(incoming.get(edge.target) ?? []), edge.source]);
  const seen = new Set<string>();
  const queue = [...(incoming.get(stepId) ?? [])];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id) || id === stepId) continue;
    seen.add(id);
    queue.push(...(incoming.get(id) ?? []));
  }
  return routine.steps
    .filter((step) => seen.has(step.id))
    .flatMap((step) =>
      describeStep(step)
        .outputsOf(step)
        .map((output) => ({
          stepId: step.id,
          stepName: step.name,
          output: output.name,
          description: output.description,
        })),
    );
}
