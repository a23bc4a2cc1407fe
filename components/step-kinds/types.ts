import type { LucideIcon } from "lucide-react";
import type { StepKind, StepOf } from "@/lib/routine";

/**
 * How a step kind looks and reads wherever the UI shows it: the palette, the inspector's title, every canvas's node
 * and the run panel. The canvases draw nodes from it (components/designer/nodes, components/review,
 * components/runs/canvas), each with a node map typed over every kind.
 */
export type StepKindLook<K extends StepKind> = {
  /** The kind's name as people read it ("Sub-routine"), from its descriptor in lib/routine. */
  readonly label: string;
  /** What a step of this kind does, in one line (the palette's tooltip), from its descriptor. */
  readonly hint: string;
  readonly icon: LucideIcon;
  /** The icon's colour class. */
  readonly accent: string;
  /** The left border that marks the kind where its icon is not drawn (the simplified drawing). */
  readonly border: string;
  /** The line under the step's name on a canvas (a tool step's tool, else the kind's label); null for none. */
  detail(step: StepOf<K>): string | null;
  /** The run panel's question when a step of this kind waits for a person; null for a kind that never does. */
  readonly decisionHeading: string | null;
};
