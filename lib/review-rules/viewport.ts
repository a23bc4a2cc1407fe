import type { Bounds } from "../graph";

export type Viewport = { x: number; y: number; zoom: number };

/** The box around both boxes (either may be null: an empty canvas); null when both are. */
export function unionBounds(a: Bounds | null, b: Bounds | null): Bounds | null {
  if (!a || !b) return a ?? b;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/** Whether two viewports are the same to within a rounding error (a canvas told its own viewport need not move). */
export function sameViewport(a: Viewport, b: Viewport, epsilon = 1e-3): boolean {
  return Math.abs(a.x - b.x) < epsilon && Math.abs(a.y - b.y) < epsilon && Math.abs(a.zoom - b.zoom) < epsilon;
}
