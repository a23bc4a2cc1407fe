import type { Page } from "@playwright/test";
import { median } from "../lib/stats";

/** What one page load measured; `nodeRenders` only on the designer. */
export type LoadSample = {
  ttiMs: number;
  panFps: number;
  zoomFirstFrameMs: number;
  nodeRenders?: number;
  fitAllMs?: number;
};

/** What `window.__bench.tti()` and `.settled(from)` answer (page-probes.js). */
type Quiet = { quietFrom: number | null; ready: boolean };
type Frames = { frames: number; moved: number; ms: number };
type Point = { x: number; y: number };

export const PAN_MS = 2_000;
const ZOOM_SAMPLES = 4;
/** 20 characters. */
export const TYPED_TEXT = "benchmark typing 20c";

const probe = <T>(page: Page, expression: string) => page.evaluate<T>(expression);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `expression` (a page probe answering Quiet) is ready, and returns when its quiet window began. Read
 * twice, a moment apart, so a long-task entry delivered late is not missed.
 */
async function quietFrom(page: Page, expression: string, timeout: number): Promise<number> {
  for (;;) {
    await page.waitForFunction(`${expression}.ready`, undefined, { polling: 100, timeout });
    const first = await probe<Quiet>(page, expression);
    await pause(150);
    const second = await probe<Quiet>(page, expression);
    if (second.ready && second.quietFrom === first.quietFrom && second.quietFrom !== null) return second.quietFrom;
  }
}

/**
 * Navigation start → interactive: React Flow's nodes exist and 500 ms passed without a long task; returns when
 * that quiet window began.
 */
export async function loadInteractive(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  // Optional chaining: the probes exist only once the new document's init script ran.
  return quietFrom(page, "window.__bench?.tti()", 120_000);
}

async function emptyPanePoint(page: Page): Promise<Point> {
  const point = await probe<Point | null>(page, "window.__bench.emptyPanePoint()");
  if (!point) throw new Error("Found no empty spot on the canvas to drag.");
  return point;
}

/** Drags the empty pane back and forth for PAN_MS and counts animation frames per second meanwhile. */
export async function measurePan(page: Page): Promise<number> {
  const start = await emptyPanePoint(page);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await probe(page, "window.__bench.startFrames()");
  const began = Date.now();
  for (let move = 1; Date.now() - began < PAN_MS; move += 1) {
    const phase = (move % 80) / 80; // a triangle wave: 40 moves out, 40 back
    const offset = 240 * (phase < 0.5 ? phase * 2 : 2 - phase * 2);
    await page.mouse.move(start.x + offset, start.y + offset / 3);
  }
  const result = await probe<Frames>(page, "window.__bench.stopFrames()");
  await page.mouse.move(start.x, start.y);
  await page.mouse.up();
  if (result.moved === 0) throw new Error("Dragging the pane did not move the canvas.");
  return (result.frames / result.ms) * 1000;
}

/** Median over ZOOM_SAMPLES wheel notches (in, out, in, out) of input → first frame with the new transform. */
export async function measureZoom(page: Page): Promise<number> {
  const point = await emptyPanePoint(page);
  await page.mouse.move(point.x, point.y);
  const samples: number[] = [];
  for (let sample = 0; sample < ZOOM_SAMPLES; sample += 1) {
    await probe(page, "window.__bench.armZoom(5000)");
    await page.mouse.wheel(0, sample % 2 === 0 ? -120 : 120);
    const ms = await probe<number | null>(page, "window.__bench.zoomResult()");
    if (ms === null) throw new Error("A wheel notch did not change the canvas's zoom within 5 s.");
    samples.push(ms);
    await pause(400);
  }
  return median(samples);
}

/**
 * Selects step `stepId`, types TYPED_TEXT into the inspector's description, waits for validation and autosave,
 * and returns how many times step node components rendered from the first keystroke on.
 */
export async function measureInspectorTyping(page: Page, stepId: string): Promise<number> {
  // A synthetic click selects the node without aiming the mouse at a box a few dozen pixels wide.
  await page.getByTestId(`rf__node-${stepId}`).dispatchEvent("click");
  await page.locator(`[data-testid="inspector"][data-step-id="${stepId}"]`).waitFor();
  const description = page.getByTestId("inspector-description");
  await description.click();
  // Earlier runs already typed into this description: put the caret at its end, wherever the click landed.
  await page.keyboard.press("Control+End");
  // The counter must have counted the nodes mounting, or a 0 below would mean nothing.
  if ((await probe<number>(page, "globalThis.__routineStudioNodeRenders")) === 0) {
    throw new Error("No node render was counted: is useRenderCount still in components/designer/nodes/step-node.tsx?");
  }
  await probe(page, "globalThis.__routineStudioNodeRenders = 0");
  await page.keyboard.type(TYPED_TEXT, { delay: 40 });
  await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor({ timeout: 30_000 });
  await pause(300);
  const value = await description.inputValue();
  if (!value.endsWith(TYPED_TEXT))
    throw new Error(`The description did not take the typed text (it reads "${value.slice(-40)}").`);
  return probe<number>(page, "globalThis.__routineStudioNodeRenders");
}

/**
 * Presses the canvas's "fit view" control and returns the ms from the press until `nodeCount` nodes are in the page
 * and it has been quiet for 500 ms: what showing the whole routine costs, where the designer mounts every node that
 * its opening (on the first steps, only those in view mounted) left out.
 */
export async function measureFitAll(page: Page, nodeCount: number): Promise<number> {
  const pressedAt = await probe<number>(page, "performance.now()");
  await page.locator(".react-flow__controls-fitview").click();
  await page.waitForFunction(`document.querySelectorAll(".react-flow__node").length >= ${nodeCount}`, undefined, {
    polling: 50,
    timeout: 60_000,
  });
  return (await quietFrom(page, `window.__bench.settled(${pressedAt})`, 60_000)) - pressedAt;
}
