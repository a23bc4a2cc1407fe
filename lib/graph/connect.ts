import { hasCapability, type Edge, type Routine } from "../routine";

export type ConnectionRefusal = "unknown-step" | "self-loop" | "duplicate" | "from-end";

export type ConnectionResult = { ok: true; edge: Edge } | { ok: false; reason: ConnectionRefusal; message: string };

/**
 * A connection drawn on the canvas; React Flow's `Connection` fits. Only the source and target steps
 * matter: which handle it was dragged from does not change the edge that is created.
 */
export type ConnectionRequest = {
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
};

/**
 * Turns a connection drawn on the canvas into a new routine edge with a fresh id, or says why it is
 * refused. An edge out of a branch gets a placeholder condition ("Condition 2") for the author to
 * edit; it is drawn from its own handle (`branchHandleId`), whichever branch handle it was dragged from.
 * The caller adds the edge to the routine.
 */
export function connectionToEdge(routine: Routine, connection: ConnectionRequest): ConnectionResult {
  const source = routine.steps.find((step) => step.id === connection.source);
  const target = routine.steps.find((step) => step.id === connection.target);
  if (!source || !target) {
    return { ok: false, reason: "unknown-step", message: "Connect two steps of this routine." };
  }
  if (source.id === target.id) {
    return { ok: false, reason: "self-loop", message: "A step cannot lead to itself. Add a branch to repeat work." };
  }
  if (hasCapability(source, "endsRun")) {
    return { ok: false, reason: "from-end", message: "An end step finishes the routine; nothing follows it." };
  }
  const outgoing = routine.edges.filter((edge) => edge.source === source.id);
  if (outgoing.some((edge) => edge.target === target.id)) {
    return { ok: false, reason: "duplicate", message: `“${source.name}” already leads to “${target.name}”.` };
  }
  const id = freshEdgeId(routine.edges);
  if (!hasCapability(source, "choosesWay")) return { ok: true, edge: { id, source: source.id, target: target.id } };
  return {
    ok: true,
    edge: { id, source: source.id, target: target.id, condition: { label: nextConditionLabel(outgoing) } },
  };
}

/** `e<n>`: the first free id from the edge count up, so ids stay short and deterministic. */
export function freshEdgeId(edges: readonly Pick<Edge, "id">[]): string {
  const taken = new Set(edges.map((edge) => edge.id));
  let n = edges.length + 1;
  while (taken.has(`e${n}`)) n += 1;
  return `e${n}`;
}

function nextConditionLabel(outgoing: readonly Edge[]): string {
  const taken = new Set(outgoing.map((edge) => edge.condition?.label));
  let n = outgoing.length + 1;
  while (taken.has(`Condition ${n}`)) n += 1;
  return `Condition ${n}`;
}
