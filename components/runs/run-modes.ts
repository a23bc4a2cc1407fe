/** How a run executes, as the start form, the routine's default-mode setting and the run header name it. */
export type RunModeName = "workflow" | "agent";

export const RUN_MODE_OPTIONS: ReadonlyArray<{ value: RunModeName; label: string; explanation: string }> = [
  {
    value: "workflow",
    label: "Workflow (safe default)",
    explanation:
      "The engine walks the routine step by step and calls each step’s tool; the model only fills what the routine leaves open.",
  },
  {
    value: "agent",
    label: "Agent (the model follows the routine)",
    explanation:
      "The executor model reads the routine and decides each call itself; tools outside the routine are refused and every call is recorded against its step.",
  },
];

export const runModeOption = (mode: RunModeName) => RUN_MODE_OPTIONS.find((option) => option.value === mode)!;

/** A planned run is started from a request, never chosen in the start form: it has its own words. */
export const PLANNED_MODE_EXPLANATION =
  "No routine: the planner model breaks the request into tasks with completion criteria, hands each to an actor whose tools fit, and re-plans on every result.";
