import type { JsonValue, StepOf } from "../../../../routine";
import { errorMessage } from "../../errors";
import { stopsRun } from "../../ports";
import { fillOutputs } from "../../outputs";
import { isVariableStub } from "../../variables";
import { extractValues } from "./extract-values";
import type { StepContext, StepHandler, StepOutcome } from "../handler-types";

type RoutineContext = StepContext<StepOf<"routine">>;

/** What a routine step keeps as its input: the child run it waits for. */
type ChildInput = { routineId: string; childRunId: string; inputs: Record<string, JsonValue> };

/**
 * A routine step runs the published version of another routine as a child run (its own steps, tools and budgets)
 * and waits for it. Its inputs are resolved in full (the child cannot read this run's variables). The store starts
 * the child idempotently per parent step run, so a restart finds the same child. When the child finishes the step
 * takes its outputs (variables of the child read back) or fails with the child's error.
 */
export const routineHandler: StepHandler<"routine"> = {
  async run(ctx: RoutineContext): Promise<StepOutcome> {
    const { step } = ctx;
    const { bound, unbound } = await ctx.values.resolveInputs(step.inputs);
    let inputs = (await ctx.values.expand(bound, ctx.values.scopeOf(step.inputs))) as Record<string, JsonValue>;
    if (Object.keys(unbound).length > 0) {
      const extracted = await extractValues(ctx, unbound);
      if (!extracted.ok) return { status: "failed", error: extracted.error };
      inputs = { ...extracted.values, ...inputs };
    }
    let childRunId: string;
    try {
      childRunId = await ctx.store.startChildRun(
        { runId: ctx.run.id, stepRunId: ctx.stepRun.id },
        step.routineId,
        inputs,
        step.actorId,
      );
    } catch (error) {
      if (stopsRun(error)) throw error;
      return {
        status: "failed",
        error: `The sub-routine ${step.routineId} could not be started: ${errorMessage(error)}`,
      };
    }
    const input: ChildInput = { routineId: step.routineId, childRunId, inputs };
    return {
      status: "waiting",
      for: "subroutine",
      childRunId,
      input,
      instruction: `Waiting for the sub-routine ${step.routineId}.`,
    };
  },

  async resume(ctx: RoutineContext): Promise<StepOutcome | null> {
    const childRunId = (ctx.stepRun.input as Partial<ChildInput> | null)?.childRunId;
    if (typeof childRunId !== "string")
      return { status: "failed", error: "The step lost track of its sub-routine run." };
    const child = await ctx.store.childRun(childRunId);
    if (!child) return { status: "failed", error: `The sub-routine run ${childRunId} no longer exists.` };
    if (child.status === "failed" || child.status === "cancelled") {
      return {
        status: "failed",
        error: `The sub-routine ${ctx.step.routineId} ${child.status === "failed" ? "failed" : "was cancelled"}${child.error ? `: ${child.error}` : "."}`,
      };
    }
    if (child.status !== "succeeded") return null;
    const outputs: Record<string, JsonValue> = {};
    for (const [name, value] of Object.entries(child.outputs ?? {}))
      outputs[name] = isVariableStub(value) ? await ctx.values.variable(value.$var, childRunId) : value;
    const declared = ctx.step.outputs;
    if (declared.length === 1 && Object.hasOwn(outputs, declared[0].name))
      return { status: "succeeded", outputs: { [declared[0].name]: outputs[declared[0].name] } };
    return { status: "succeeded", outputs: fillOutputs(declared, outputs) };
  },
};
