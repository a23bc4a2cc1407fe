import type { StepKind } from "../routine";

export type Size = { width: number; height: number };

/** The size the canvas renders each step kind at; auto-layout and stage bounds assume it. */
export const NODE_SIZE = {
  tool: { width: 240, height: 80 },
  skill: { width: 240, height: 80 },
  branch: { width: 220, height: 64 },
  human: { width: 240, height: 80 },
  routine: { width: 240, height: 80 },
  end: { width: 160, height: 48 },
} as const satisfies Record<StepKind, Size>;

/** Space between a stage's border and its steps; the top leaves room for the stage's title. */
export const STAGE_PADDING = { top: 48, right: 24, bottom: 24, left: 24 } as const;

/** The size of a stage that holds no steps yet. */
export const EMPTY_STAGE_SIZE: Size = { width: 280, height: 160 };

/** Room between the rows of a folded routine (wrap-rows.ts), where edges that wrap to the next row run. */
export const ROW_GAP = 72;
