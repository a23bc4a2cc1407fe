import type { Edge } from "../routine";

const MAX_ID = 64;

/**
 * Gives every edge a unique id: the model's own where it is given and not taken yet, else `source-target`
 * (then `source-target-2`, …). Edge ids are referred to by nothing else in a routine, so renumbering them never
 * breaks a reference, and a repair round is not spent on them.
 */
export function assignEdgeIds<T extends Omit<Edge, "id"> & { id?: string }>(
  edges: readonly T[],
): Array<T & { id: string }> {
  const taken = new Set<string>();
  const kept = edges.map((edge) => {
    if (edge.id === undefined || taken.has(edge.id)) return undefined;
    taken.add(edge.id);
    return edge.id;
  });
  return edges.map((edge, index) => {
    const own = kept[index];
    if (own !== undefined) return { ...edge, id: own };
    const base = `${edge.source}-${edge.target}`.slice(0, MAX_ID - 4);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return { ...edge, id };
  });
}
