import type { StepKind, StepOf } from "../schema";
import type { AnnotationKey } from "../text-annotations";
import type { StepReading } from "../text-step-reading";

/**
 * How a step kind reads and writes in paper text (docs/paper-text.md). The shared parts — id, name, description,
 * stage, position, inputs and outputs, wiring — are the reader's and renderer's; these hooks hold what only the kind
 * has, so adding a kind never touches the reader.
 */
export type StepKindText<K extends StepKind> = {
  /** The step annotations that apply to this kind beyond the common ones (id, kind, name, description, stage …). */
  readonly annotations: readonly AnnotationKey[];
  /** Reads the kind's own fields from its annotations (and plain words) into `reading.fields`. */
  read(reading: StepReading): void;
  /** Annotations right after `[description: …]`: what the step calls (`[tool: …]`, `[routine: …]`). */
  headFacts(step: StepOf<K>): string[];
  /** Annotations after `[position: …]`: the kind's settings (`[instruction: …]`, `[timeout: …]`, `[outcome: …]`). */
  settingFacts(step: StepOf<K>): string[];
  /** Data annotations after the inputs and outputs (a human step's `[field …]`s). */
  dataLines(step: StepOf<K>): string[];
};
