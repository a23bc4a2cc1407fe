import "server-only";
import { isFinished, type RunStatus } from "../../events";
import { systemClock } from "./clock";
import { resolveOptions, type ExecuteControl, type RunEngine, type RunEngineDeps } from "./engine-types";
import { createSession } from "./run-session";

/**
 * The run engine (decision 0011): drives published routines step by step through a handler per step kind, with
 * variable memory, plan-aware executor context, budgets, operator control, and every transition committed with its
 * RunEvents before the next step. Persistence, tools, the model and listeners come in through the ports.
 */
export function createRunEngine(deps: RunEngineDeps): RunEngine {
  const options = resolveOptions(deps.options);
  const clock = deps.clock ?? systemClock;

  async function execute(
    runId: string,
    signal: AbortSignal = new AbortController().signal,
    control: ExecuteControl = {},
  ): Promise<RunStatus> {
    const snapshot = await deps.store.load(runId);
    if (!snapshot) throw new Error(`Run ${runId} does not exist.`);
    if (isFinished(snapshot.status)) return snapshot.status;
    const session = createSession(
      {
        store: deps.store,
        tools: deps.tools,
        model: deps.model,
        planner: deps.planner ?? deps.model,
        compressor: deps.compressor,
        actors: deps.actors,
        sink: deps.sink,
        clock,
      },
      options,
      snapshot,
      signal,
      control.drain,
    );
    return session.run();
  }

  return { execute };
}
