import type { FlowNode } from "./types";

export type Bounds = { x: number; y: number; width: number; height: number };

/**
 * The box around `nodes` in flow coordinates, from the sizes routineToFlow gives every node, so the canvas can
 * compute its opening viewport before anything is measured (see components/designer/canvas.tsx). Children of a
 * stage are positioned relative to it, as React Flow has them. Null when there is no node.
 */
export function nodesBounds(nodes: readonly FlowNode[]): Bounds | null {
  if (!nodes.length) return null;
  const byId = new Map(nodes.map((node) => [node.id, node]));
  let x = Infinity;
  let y = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const node of nodes) {
    const parent = node.parentId === undefined ? undefined : byId.get(node.parentId);
    const left = node.position.x + (parent?.position.x ?? 0);
    const top = node.position.y + (parent?.position.y ?? 0);
    x = Math.min(x, left);
    y = Math.min(y, top);
    right = Math.max(right, left + (node.width ?? 0));
    bottom = Math.max(bottom, top + (node.height ?? 0));
  }
  return { x, y, width: right - x, height: bottom - y };
}
