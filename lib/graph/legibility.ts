import type { Bounds } from "./viewport";

/**
 * When a step's name can be read on a canvas, and how a canvas opens so that it can. A name is legible when it
 * renders at LEGIBLE_PX or more: its font size in flow units, times the zoom, times the browser's text scale (the
 * root font size over 16 px: a user who enlarged text gets the full drawing at smaller zooms).
 */
export const LEGIBILITY = {
  /** WCAG does not fix a minimum; 11 px is where UI text stops being read comfortably on a desktop screen. */
  legiblePx: 11,
  /** A step's name in the full drawing (`text-[0.9375rem]`, 15 px at the default text scale). */
  namePx: 15,
  /** A step's name in the simplified drawing: twice as large, so it stays legible twice as far out. */
  simplifiedNamePx: 30,
  /** Room kept around a fitted routine; on the left also for the zoom controls. */
  padding: { top: 24, right: 24, bottom: 24, left: 56 },
  /** A routine that fits is never blown up past its natural size. */
  maxZoom: 1,
  /**
   * Past this many steps a routine that does not fit opens at the zoom where the *simplified* drawing's names are
   * legible: mounting a thousand full-size nodes would cost its opening a second on a small machine.
   */
  fullDetailMaxSteps: 300,
} as const;

export type Box = { width: number; height: number };
export type Viewport = { x: number; y: number; zoom: number };
export type XY = { x: number; y: number };

/** The smallest zoom at which the full drawing's names render legibly, at the given text scale. */
export function legibleZoom(textScale = 1): number {
  return LEGIBILITY.legiblePx / (LEGIBILITY.namePx * textScale);
}

/** The smallest zoom at which the simplified drawing's names render legibly. */
function simplifiedLegibleZoom(textScale = 1): number {
  return LEGIBILITY.legiblePx / (LEGIBILITY.simplifiedNamePx * textScale);
}

/** The zoom at which `bounds` fits `box` inside the padding (not capped). */
function fittingZoom(bounds: Bounds, box: Box): number {
  const { padding } = LEGIBILITY;
  const width = box.width - padding.left - padding.right;
  const height = box.height - padding.top - padding.bottom;
  if (width <= 0 || height <= 0) return 0;
  return Math.min(width / Math.max(bounds.width, 1), height / Math.max(bounds.height, 1));
}

/** Whether the whole routine fits the canvas at a zoom where every name is legible in the full drawing. */
export function fitsLegibly(bounds: Bounds, box: Box, textScale = 1): boolean {
  return fittingZoom(bounds, box) >= legibleZoom(textScale);
}

/**
 * Whether a canvas draws its steps simplified (one large name and the state colour, no badges or handles): only
 * when the full drawing's names would render too small to read, and never for a routine that fits the canvas
 * legibly, since one that fits is small enough to draw in full at any zoom.
 */
export function drawsSimplified(zoom: number, fits: boolean, textScale = 1): boolean {
  return !fits && zoom < legibleZoom(textScale);
}

/**
 * Whether a canvas mounts only the steps and connections in view (React Flow's onlyRenderVisibleElements). A routine
 * past `fullDetailMaxSteps` opens on its first steps, so most of its thousand nodes are off screen: mounting them
 * all cost its opening about as much as the rest of the page together, on a small machine. Smaller routines mount
 * whole, as they are mostly in view and panning them then never mounts anything.
 */
export function drawsOnlyInView(stepCount: number): boolean {
  return stepCount > LEGIBILITY.fullDetailMaxSteps;
}

/**
 * Where a canvas opens. A routine that fits legibly is fitted: centred in the padded box, at most at natural size.
 * Any other is shown at a legible zoom on its first steps (the full drawing's, or past `fullDetailMaxSteps` steps the
 * simplified drawing's): `start` (the entry step's top-left, in flow
 * coordinates) at the padded left edge, at the height of the routine's top unless that would leave the start
 * below the box's middle (a tall band opens on its entry step, not on empty space above it).
 */
export function openingViewport(
  bounds: Bounds,
  box: Box,
  options: { start?: XY; startHeight?: number; textScale?: number; stepCount?: number } = {},
): Viewport {
  const { padding, maxZoom } = LEGIBILITY;
  const fitted = fittingZoom(bounds, box);
  const legible = legibleZoom(options.textScale);
  const large = (options.stepCount ?? 0) > LEGIBILITY.fullDetailMaxSteps;
  if (fitted >= legible) {
    const zoom = Math.min(fitted, maxZoom);
    const innerWidth = box.width - padding.left - padding.right;
    const innerHeight = box.height - padding.top - padding.bottom;
    return {
      zoom,
      x: padding.left + (innerWidth - bounds.width * zoom) / 2 - bounds.x * zoom,
      y: padding.top + (innerHeight - bounds.height * zoom) / 2 - bounds.y * zoom,
    };
  }
  // Rounded up to a tenth, so the opening zoom reads as a plain percentage in the controls.
  const zoom = Math.min(maxZoom, Math.ceil((large ? simplifiedLegibleZoom(options.textScale) : legible) * 10) / 10);
  const start = options.start ?? { x: bounds.x, y: bounds.y };
  const startMiddle = start.y + (options.startHeight ?? 0) / 2;
  const topAligned = padding.top - bounds.y * zoom;
  const startCentred = box.height / 2 - startMiddle * zoom;
  return { zoom, x: padding.left - start.x * zoom, y: Math.min(topAligned, startCentred) };
}
