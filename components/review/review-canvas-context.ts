"use client";

import { createContext, useContext } from "react";
import type { SideStatuses } from "@/lib/review-rules";
import type { Routine, Step } from "@/lib/routine";

/** What the nodes of one review canvas read: the side's routine and colours (the nodes carry only ids). */
export type ReviewCanvasData = {
  steps: ReadonlyMap<string, Step>;
  outgoing: ReadonlyMap<string, string[]>;
  stageNames: ReadonlyMap<string, string>;
  statuses: SideStatuses;
  /** Open comments per step (the proposed side only). */
  commentCounts: Readonly<Record<string, number>>;
};

export const ReviewCanvasContext = createContext<ReviewCanvasData | null>(null);

/** For the review canvas's nodes and edges: the side they are drawn on. */
export function useReviewCanvasData(): ReviewCanvasData {
  const data = useContext(ReviewCanvasContext);
  if (!data) throw new Error("Review nodes render inside <ReviewCanvasContext>");
  return data;
}

/** Builds the context value for one side. */
export function canvasData(
  routine: Routine,
  statuses: SideStatuses,
  commentCounts: Readonly<Record<string, number>>,
  outgoing: ReadonlyMap<string, string[]>,
): ReviewCanvasData {
  return {
    steps: new Map(routine.steps.map((step) => [step.id, step])),
    outgoing,
    stageNames: new Map(routine.stages.map((stage) => [stage.id, stage.name])),
    statuses,
    commentCounts,
  };
}
