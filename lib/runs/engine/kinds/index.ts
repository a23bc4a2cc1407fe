import type { Step, StepKind, StepOf } from "../../../routine";
import type { AgentModeMapping } from "./agent-mode-types";
import { branchAgentMode } from "./branch/agent-mode";
import { branchHandler } from "./branch/handler";
import { endAgentMode } from "./end/agent-mode";
import { endHandler } from "./end/handler";
import type { StepContext, StepHandler, StepOutcome } from "./handler-types";
import { humanAgentMode } from "./human/agent-mode";
import { humanHandler } from "./human/handler";
import { routineAgentMode } from "./routine/agent-mode";
import { routineHandler } from "./routine/handler";
import { skillAgentMode } from "./skill/agent-mode";
import { skillHandler } from "./skill/handler";
import { toolAgentMode } from "./tool/agent-mode";
import { toolHandler } from "./tool/handler";

export type { AgentModeMapping } from "./agent-mode-types";

/**
 * One handler per step kind; the engine looks a step's handler up here and knows no kind itself. Typed over all
 * kinds, so a kind added to the schema without a handler is a compile error (docs/adding-a-step-kind.md).
 */
export const STEP_HANDLERS: { readonly [K in StepKind]: StepHandler<K> } = {
  tool: toolHandler,
  skill: skillHandler,
  branch: branchHandler,
  human: humanHandler,
  routine: routineHandler,
  end: endHandler,
};

/** How agent mode accounts for each step kind, typed over all kinds like STEP_HANDLERS. */
export const AGENT_MODE_MAPPINGS: { readonly [K in StepKind]: AgentModeMapping } = {
  tool: toolAgentMode,
  skill: skillAgentMode,
  branch: branchAgentMode,
  human: humanAgentMode,
  routine: routineAgentMode,
  end: endAgentMode,
};

/** How agent mode accounts for `step`. */
export function agentModeOf(step: Step): AgentModeMapping {
  return AGENT_MODE_MAPPINGS[step.kind];
}

/** Runs the handler of the context's step kind. */
export function runHandler(context: StepContext): Promise<StepOutcome> {
  const handler = STEP_HANDLERS[context.step.kind] as StepHandler<StepKind>;
  return handler.run(context as StepContext<StepOf<StepKind>>);
}

/** Asks a waiting step's handler whether the wait is over; null while it still waits (or waits for a person). */
export async function resumeHandler(context: StepContext): Promise<StepOutcome | null> {
  const handler = STEP_HANDLERS[context.step.kind] as StepHandler<StepKind>;
  return handler.resume ? handler.resume(context as StepContext<StepOf<StepKind>>) : null;
}
