import type { FlowNode, StepEdge } from "../../graph";

// React Flow re-renders a node or edge whenever its object changes, so the store hands back the objects it already
// has for everything an update did not touch: an edit, or a click, then re-renders only what it changed.

/**
 * `nodes` with `selected` true for exactly the ids in `selected`. A node whose flag stays as it was keeps its object;
 * when no flag changes the array itself is returned, so subscribers see no change at all.
 */
export function withSelection(nodes: FlowNode[], selected: readonly string[]): FlowNode[] {
  const chosen = new Set(selected);
  let changed = false;
  const next = nodes.map((node) => {
    const on = chosen.has(node.id);
    if (Boolean(node.selected) === on) return node;
    changed = true;
    return { ...node, selected: on };
  });
  return changed ? next : nodes;
}

/** Whether two id lists hold the same ids in the same order. */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/** `fresh`, with each item that equals (by `same`) the previous item of its id replaced by that previous object. */
export function reuseUnchanged<T extends { id: string }>(
  fresh: T[],
  previous: readonly T[],
  same: (a: T, b: T) => boolean,
): T[] {
  const byId = new Map(previous.map((item) => [item.id, item]));
  return fresh.map((item) => {
    const old = byId.get(item.id);
    return old && same(old, item) ? old : item;
  });
}

export function sameNode(a: FlowNode, b: FlowNode): boolean {
  return (
    a.type === b.type &&
    a.parentId === b.parentId &&
    a.position.x === b.position.x &&
    a.position.y === b.position.y &&
    JSON.stringify(a.data) === JSON.stringify(b.data) &&
    a.width === b.width &&
    a.height === b.height &&
    JSON.stringify(a.handles) === JSON.stringify(b.handles)
  );
}

export function sameEdge(a: StepEdge, b: StepEdge): boolean {
  return (
    a.source === b.source &&
    a.target === b.target &&
    a.sourceHandle === b.sourceHandle &&
    a.targetHandle === b.targetHandle &&
    a.data?.label === b.data?.label
  );
}
