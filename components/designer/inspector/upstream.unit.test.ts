import { describe, expect, it } from "vitest";
import {
  branchStep,
  chain,
  edge,
  endStep,
  humanStep,
  makeRoutine,
  param,
  skillStep,
  toolStep,
} from "@/lib/routine/testing/factories";
import { upstreamOutputs } from "./upstream";

const output = (name: string, description = "") => ({ name, description });

describe("upstreamOutputs", () => {
  it("offers the outputs of every step that runs before the chosen one, with their step's name", () => {
    const check = toolStep({ id: "check", name: "Check balance", outputs: [output("balance", "Days left")] });
    const summarize = skillStep({ id: "summarize", name: "Summarize", outputs: [output("summary")] });
    const notify = toolStep({ id: "notify", name: "Notify" });
    const routine = makeRoutine({ steps: [check, summarize, notify], edges: chain(check, summarize, notify) });
    expect(upstreamOutputs(routine, "notify")).toEqual([
      { stepId: "check", stepName: "Check balance", output: "balance", description: "Days left" },
      { stepId: "summarize", stepName: "Summarize", output: "summary", description: "" },
    ]);
  });

  it("offers nothing from the step itself or from steps after it", () => {
    const first = toolStep({ id: "first", outputs: [output("a")] });
    const second = toolStep({ id: "second", outputs: [output("b")] });
    const third = toolStep({ id: "third", outputs: [output("c")] });
    const routine = makeRoutine({ steps: [first, second, third], edges: chain(first, second, third) });
    expect(upstreamOutputs(routine, "second").map((entry) => entry.output)).toEqual(["a"]);
    expect(upstreamOutputs(routine, "first")).toEqual([]);
  });

  it("offers the outputs of both arms of a branch to the step where they meet, in the routine's order", () => {
    const decide = branchStep({ id: "decide" });
    const approve = toolStep({ id: "approve", outputs: [output("approval")] });
    const reject = skillStep({ id: "reject", outputs: [output("reason")] });
    const done = endStep({ id: "done" });
    const routine = makeRoutine({
      steps: [decide, approve, reject, done],
      edges: [
        edge(decide, approve, "Enough"),
        edge(decide, reject, "Not enough"),
        edge(approve, done),
        edge(reject, done),
      ],
    });
    expect(upstreamOutputs(routine, "done").map((entry) => entry.output)).toEqual(["approval", "reason"]);
    expect(upstreamOutputs(routine, "approve")).toEqual([]);
  });

  it("offers a person's form fields as the outputs of a human step", () => {
    const ask = humanStep({
      id: "ask",
      name: "Ask manager",
      form: [param({ name: "approved", description: "Yes or no" })],
    });
    const done = endStep({ id: "done" });
    const routine = makeRoutine({ steps: [ask, done], edges: chain(ask, done) });
    expect(upstreamOutputs(routine, "done")).toEqual([
      { stepId: "ask", stepName: "Ask manager", output: "approved", description: "Yes or no" },
    ]);
  });

  it("follows a loop back without offering the step its own outputs", () => {
    const fetch = toolStep({ id: "fetch", outputs: [output("page")] });
    const more = branchStep({ id: "more" });
    const done = endStep({ id: "done" });
    const routine = makeRoutine({
      steps: [fetch, more, done],
      edges: [edge(fetch, more), edge(more, fetch, "Another page"), edge(more, done, "Last page")],
    });
    expect(upstreamOutputs(routine, "fetch")).toEqual([]);
    expect(upstreamOutputs(routine, "done").map((entry) => entry.stepId)).toEqual(["fetch"]);
  });
});
