import type { JsonValue, StepOf } from "../../../../routine";
import { fillOutputs, toJsonValue } from "../../outputs";
import { errorMessage } from "../../errors";
import { stopsRun, type ToolOutcome } from "../../ports";
import type { StepContext, StepOutcome } from "../handler-types";

type ToolContext = StepContext<StepOf<"tool">>;

/** Retry waits grow from the step's backoffMs, doubling, up to this. */
const MAX_BACKOFF_MS = 60_000;

/**
 * Sends the step's tool call: records step.tool_call (arguments as the routine sees them, variable keys as keys),
 * swaps the variable keys the step's bindings name for their values (any other key stays text), and calls the tool
 * with the execution's idempotency key. A failure the tool calls retryable (timeout, lost connection) is tried again
 * per the step's `retry` (attempts, backoff doubling); any other fails the step. A result that is not JSON is kept
 * as its text.
 */
export async function callTool(
  ctx: ToolContext,
  args: Record<string, JsonValue>,
  byModel: boolean,
): Promise<StepOutcome> {
  const { step } = ctx;
  await ctx.record(
    [
      {
        type: "step.tool_call",
        data: {
          stepRunId: ctx.stepRun.id,
          stepId: step.id,
          iteration: ctx.stepRun.iteration,
          server: step.tool.server,
          tool: step.tool.name,
          arguments: args,
          byModel,
        },
      },
    ],
    { input: args },
  );
  const expanded = (await ctx.values.expand(args, ctx.values.scopeOf(step.inputs))) as Record<string, JsonValue>;
  const maxAttempts = step.retry?.maxAttempts ?? 1;

  for (let tries = 1; ; tries++) {
    const outcome = await send(ctx, expanded);
    ctx.signal.throwIfAborted();
    if (outcome.ok)
      return {
        status: "succeeded",
        outputs: fillOutputs(step.outputs, toJsonValue(outcome.value, outcome.text ?? "")),
        ...(outcome.origin ? { origin: outcome.origin } : {}),
      };
    const failure = `${step.tool.server}/${step.tool.name} failed: ${outcome.error}`;
    if (!outcome.retryable || tries >= maxAttempts) {
      return { status: "failed", error: tries > 1 ? `${failure} (after ${tries} tries)` : failure };
    }
    const delayMs = Math.min(MAX_BACKOFF_MS, (step.retry?.backoffMs ?? 0) * 2 ** (tries - 1));
    const attempt = ctx.stepRun.attempt + 1;
    await ctx.record(
      [
        {
          type: "step.retrying",
          data: {
            stepRunId: ctx.stepRun.id,
            stepId: step.id,
            iteration: ctx.stepRun.iteration,
            attempt,
            reason: outcome.error,
            delayMs,
          },
        },
      ],
      { attempt },
    );
    await ctx.clock.sleep(delayMs, ctx.signal);
  }
}

/**
 * One try; a port that throws instead of answering counts as a failure that is not retried, unless it says the run
 * cannot go on now (its database is away, see stopsRun): that stops the run for a worker to resume.
 */
async function send(ctx: ToolContext, args: Record<string, JsonValue>): Promise<ToolOutcome> {
  try {
    const outcome: unknown = await ctx.tools.call(ctx.step.tool, args, {
      idempotencyKey: ctx.idempotencyKey,
      timeoutMs: Math.max(1, ctx.timeLeft()),
      signal: ctx.signal,
      runId: ctx.run.id,
      stepId: ctx.step.id,
    });
    if (typeof outcome === "object" && outcome !== null && typeof (outcome as ToolOutcome).ok === "boolean")
      return outcome as ToolOutcome;
    return { ok: false, error: "the tool gateway returned no outcome", retryable: false };
  } catch (error) {
    if (stopsRun(error)) throw error;
    ctx.signal.throwIfAborted();
    return { ok: false, error: errorMessage(error), retryable: false };
  }
}
