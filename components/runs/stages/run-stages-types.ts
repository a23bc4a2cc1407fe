import type { ModelPrice } from "@/lib/llm/pricing";
import type { HierarchyActor } from "@/lib/runs/hierarchy";
import type { RunViewSnapshot } from "@/lib/stores/run-view";

/**
 * What the run page hands the run view for its hierarchy (run → stage → actor → step): who the run works as, the
 * actors a sub-routine step may name, and the prices its cost estimates use (the header's table and model).
 */
export type RunHierarchyConfig = {
  /** The actor profile the run works as; null when it has none. */
  actorId: string | null;
  actors: HierarchyActor[];
  /** The model the run's tokens were spent on (the header's estimate uses it too). */
  runModel: string | null;
  prices: Record<string, ModelPrice>;
};

export const NO_HIERARCHY_CONFIG: RunHierarchyConfig = { actorId: null, actors: [], runModel: null, prices: {} };

/** A sub-routine step's child run, read for the step panel; `child` null while the step has started none. */
export type ChildRunResult = { ok: true; child: RunViewSnapshot | null } | { ok: false; message: string };
