import { describe, expect, it } from "vitest";
import type { Step } from "../../../routine";
import { endStep, makeRoutine, toolStep } from "../../../routine/testing/factories";
import { createRunEngine } from "../engine";
import { hang } from "../testing";
import { estimateTokens } from "../../../llm";
import { chain, dataOf, expectConsistentLog, forbiddenModel, harness } from "./support";

// A worker shutting down gracefully drains: the step in flight finishes and commits, the run stops before the next
// step without writing, and the next worker carries on from there.

const tool = (id: string, name = "get_leave_balance") =>
  toolStep({ id, tool: { server: "hr", name }, inputs: { employee_id: { from: "literal", value: id } } });
const line = (...steps: Step[]) => makeRoutine({ steps, edges: chain(...steps) });

describe("a drain request", () => {
  it("lets the step in flight finish and commit, stops before the next one, and another engine resumes from there", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const h = harness({
      routine: line(tool("a", "fetch_report"), tool("b"), endStep({ id: "done" })),
      handlers: { fetch_report: async () => (await gate, { report: "ok" }) },
    });
    const drain = new AbortController();
    const running = h.engine.execute(h.runId, new AbortController().signal, { drain: drain.signal });
    await h.tools.whenCalled("fetch_report");
    drain.abort();
    release();

    expect(await running).toBe("running");
    expect(h.tools.callsTo("fetch_report")[0]!.signal.aborted).toBe(false);
    expect(h.store.steps(h.runId).map((run) => [run.stepId, run.state])).toEqual([["a", "succeeded"]]);
    expect(h.events().at(-1)!.type).toBe("step.succeeded");
    expect(h.tools.callsTo("get_leave_balance")).toHaveLength(0);

    const next = createRunEngine({
      store: h.store,
      tools: h.tools,
      model: forbiddenModel,
      clock: h.clock,
      sink: { published: (_runId, events) => void h.published.push(...events) },
      options: { countTokens: estimateTokens },
    });
    expect(await next.execute(h.runId)).toBe("succeeded");
    expect(h.tools.callsTo("fetch_report")).toHaveLength(1);
    expect(h.tools.callsTo("get_leave_balance")).toHaveLength(1);
    expect(dataOf(h.events(), "run.started").map((data) => data.resumed)).toEqual([false, true]);
    expectConsistentLog(h);
  });

  it("is overtaken by a shutdown abort when the step does not finish in time: the step stays running for the next worker", async () => {
    const h = harness({
      routine: line(tool("slow", "fetch_report"), endStep({ id: "done" })),
      handlers: { fetch_report: (_args, call) => hang(call.signal) },
    });
    const drain = new AbortController();
    const worker = new AbortController();
    const running = h.engine.execute(h.runId, worker.signal, { drain: drain.signal });
    await h.tools.whenCalled("fetch_report");
    drain.abort();
    const seqBefore = h.store.run(h.runId).snapshot.lastSeq;
    worker.abort("shutdown");

    expect(await running).toBe("running");
    expect(h.store.run(h.runId).snapshot.lastSeq).toBe(seqBefore);
    expect(h.store.steps(h.runId)).toEqual([expect.objectContaining({ stepId: "slow", state: "running" })]);
  });

  it("yields to an operator's pause asked for at the same time: the run is paused, not left running", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const h = harness({
      routine: line(tool("a", "fetch_report"), tool("b"), endStep({ id: "done" })),
      handlers: { fetch_report: async () => (await gate, { report: "ok" }) },
    });
    const drain = new AbortController();
    const running = h.engine.execute(h.runId, new AbortController().signal, { drain: drain.signal });
    await h.tools.whenCalled("fetch_report");
    drain.abort();
    h.store.setControl(h.runId, "pause");
    release();

    expect(await running).toBe("paused");
    expect(h.store.steps(h.runId).map((run) => [run.stepId, run.state])).toEqual([["a", "succeeded"]]);
  });
});
