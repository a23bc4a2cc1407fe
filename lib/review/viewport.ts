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

/**
 * The viewport that shows `bounds` whole and centred in a `width` × `height` canvas, with `padding` (a fraction of
 * the canvas) around it and the zoom kept within [minZoom, maxZoom]. Both review canvases open at the viewport of
 * the union of the two versions, so a step that kept its place sits at the same spot on both.
 */
export function fitBounds(
  bounds: Bounds,
  width: number,
  height: number,
  options: { minZoom: number; maxZoom: number; padding: number },
): Viewport {
  const usableWidth = width * (1 - 2 * options.padding);
  const usableHeight = height * (1 - 2 * options.padding);
  const fit = Math.min(usableWidth / Math.max(bounds.width, 1), usableHeight / Math.max(bounds.height, 1));
  const zoom = Math.min(options.maxZoom, Math.max(options.minZoom, fit));
  return {
    zoom,
    x: width / 2 - (bounds.x + bounds.width / 2) * zoom,
    y: height / 2 - (bounds.y + bounds.height / 2) * zoom,
  };
}

/** Whether two viewports are the same to within a rounding error (a canvas told its own viewport need not move). */
export function sameViewport(a: Viewport, b: Viewport, epsilon = 1e-3): boolean {
  return Math.abs(a.x - b.x) < epsilon && Math.abs(a.y - b.y) < epsilon && Math.abs(a.zoom - b.zoom) < epsilon;
}
