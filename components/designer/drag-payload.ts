import type { StepKind } from "@/lib/routine";

/** The drag payload the palette puts on the canvas. */
export const DRAG_MIME = "application/x-routine-studio-step";
export type DragPayload = { kind: StepKind; tool?: { server: string; name: string } };
