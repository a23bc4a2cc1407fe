import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../../../scripts/fake-openai/index";
import type { Step } from "../../../routine";
import { endStep, humanStep, makeRoutine, skillStep, toolStep } from "../../../routine/testing/factories";
import { createRunEngine } from "../engine";
import { LeaseLostError } from "../ports";
import { hang, toolError } from "../testing";
import { estimateTokens } from "../../../llm";
import { API_KEY, chain, dataOf, expectConsistentLog, fakeModel, forbiddenModel, harness } from "./support";

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: API_KEY });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const tool = (id: string, name = "get_leave_balance") =>
  toolStep({ id, tool: { server: "hr", name }, inputs: { employee_id: { from: "literal", value: id } } });
const line = (...steps: Step[]) => makeRoutine({ steps, edges: chain(...steps) });

describe("cancel", () => {
  it("aborts the tool call in flight when execute's signal is aborted with 'cancel'", async () => {
    const h = harness({
      routine: line(tool("a"), tool("slow", "fetch_report"), tool("c"), endStep({ id: "done" })),
      handlers: { fetch_report: (_args, call) => hang(call.signal) },
    });
    const controller = new AbortController();
    const running = h.execute(controller.signal);
    await h.tools.whenCalled("fetch_report");
    controller.abort("cancel");
    expect(await running).toBe("cancelled");
    expect(h.tools.callsTo("fetch_report")[0].signal.aborted).toBe(true);
    expect(dataOf(h.events(), "step.cancelled")).toEqual([expect.objectContaining({ stepId: "slow" })]);
    expect(dataOf(h.events(), "run.finished")[0].status).toBe("cancelled");
    expect(h.tools.calls.map((call) => call.args.employee_id)).toEqual(["a", "slow"]);
    expect(h.store.steps(h.runId).map((run) => [run.stepId, run.state])).toEqual([
      ["a", "succeeded"],
      ["slow", "cancelled"],
    ]);
    expectConsistentLog(h);
  });

  it("aborts the model call in flight", async () => {
    fake.setScenario({ rules: [{ fault: { kind: "hang" } }] });
    const h = harness({
      routine: line(skillStep({ id: "think" }), endStep({ id: "done" })),
      model: fakeModel(fake, { timeoutMs: 60_000 }).model,
    });
    const controller = new AbortController();
    const running = h.execute(controller.signal);
    await vi.waitFor(() => expect(fake.requests()).toHaveLength(1));
    controller.abort("cancel");
    expect(await running).toBe("cancelled");
    expect(dataOf(h.events(), "step.cancelled")[0].stepId).toBe("think");
  });

  it("reads an operator's cancel from the store while a step works", async () => {
    const h = harness({
      routine: line(tool("slow", "fetch_report"), endStep({ id: "done" })),
      handlers: { fetch_report: (_args, call) => hang(call.signal) },
    });
    const running = h.execute();
    await h.tools.whenCalled("fetch_report");
    h.store.setControl(h.runId, "cancel");
    h.clock.advance(1_000);
    expect(await running).toBe("cancelled");
    expect(h.tools.calls[0].signal.aborted).toBe(true);
    expect(h.store.run(h.runId).snapshot.control).toBeNull();
  });

  it("cancels a run that waits for a person", async () => {
    const h = harness({ routine: line(humanStep({ id: "ask" }), endStep({ id: "done" })) });
    expect(await h.execute()).toBe("waiting");
    h.store.setControl(h.runId, "cancel");
    expect(await h.execute()).toBe("cancelled");
    expect(h.store.steps(h.runId)[0].state).toBe("cancelled");
  });
});

describe("pause", () => {
  it("lets the current step finish, pauses, and resumes where it stopped", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const h = harness({
      routine: line(tool("a", "fetch_report"), tool("b"), endStep({ id: "done" })),
      handlers: { fetch_report: async () => (await gate, { ok: 1 }) },
    });
    const running = h.execute();
    await h.tools.whenCalled("fetch_report");
    h.store.setControl(h.runId, "pause");
    h.clock.advance(1_000);
    release();
    expect(await running).toBe("paused");
    expect(h.store.steps(h.runId).map((run) => [run.stepId, run.state])).toEqual([["a", "succeeded"]]);
    expect(h.store.run(h.runId).snapshot.control).toBeNull();

    expect(await h.execute()).toBe("succeeded");
    expect(h.tools.calls.map((call) => call.args.employee_id)).toEqual(["a", "b"]);
    expect(dataOf(h.events(), "run.status").map((data) => data.status)).toEqual(["paused", "running"]);
    expectConsistentLog(h);
  });
});

describe("a worker that stops, and the one that resumes", () => {
  it("leaves the run running without writing, and a new engine retries the step in flight with the same idempotency key", async () => {
    let calls = 0;
    const h = harness({
      routine: line(tool("a"), tool("b", "fetch_report"), endStep({ id: "done" })),
      handlers: { fetch_report: (_args, call) => (++calls === 1 ? hang(call.signal) : { report: "ok" }) },
    });
    const controller = new AbortController();
    const first = h.execute(controller.signal);
    await h.tools.whenCalled("fetch_report");
    const seqBefore = h.store.run(h.runId).snapshot.lastSeq;
    controller.abort("shutdown");
    expect(await first).toBe("running");
    expect(h.store.run(h.runId).snapshot.lastSeq).toBe(seqBefore);
    expect(h.store.steps(h.runId)[1]).toMatchObject({ stepId: "b", state: "running", attempt: 1 });

    const second = createRunEngine({
      store: h.store,
      tools: h.tools,
      model: forbiddenModel,
      clock: h.clock,
      options: { countTokens: estimateTokens },
    });
    expect(await second.execute(h.runId)).toBe("succeeded");
    const [lost, retried] = h.tools.callsTo("fetch_report");
    expect(retried.idempotencyKey).toBe(lost.idempotencyKey);
    expect(retried.args).toEqual(lost.args);
    expect(h.tools.callsTo("get_leave_balance")).toHaveLength(1);
    expect(dataOf(h.events(), "run.started").map((data) => data.resumed)).toEqual([false, true]);
    expect(
      dataOf(h.events(), "step.started")
        .filter((data) => data.stepId === "b")
        .map((data) => data.attempt),
    ).toEqual([1, 2]);
    expect(h.store.steps(h.runId)[1]).toMatchObject({ state: "succeeded", attempt: 2 });
  });

  it("resumes a stored snapshot: succeeded steps are not run again, the running one gets its recorded input", async () => {
    const h = harness({
      routine: line(tool("a"), tool("b", "apply_leave"), endStep({ id: "done" })),
      handlers: { apply_leave: () => ({ booked: true }) },
      budgets: { wallTimeMs: 60_000 },
    });
    const snapshot = (await h.store.load(h.runId))!;
    // The worker died an hour ago: that hour is not working time.
    const at = new Date(h.clock.now() - 3_600_000);
    snapshot.status = "running";
    snapshot.startedAt = at;
    snapshot.stepsExecuted = 2;
    snapshot.steps = [
      {
        id: "sr-a",
        stepId: "a",
        iteration: 1,
        state: "succeeded",
        attempt: 1,
        input: { employee_id: "a" },
        output: { result: { days: 3 } },
        outputRef: null,
        tool: null,
        approval: null,
        error: null,
        inputTokens: 0,
        outputTokens: 0,
        startedAt: at,
        finishedAt: at,
      },
      {
        id: "sr-b",
        stepId: "b",
        iteration: 1,
        state: "running",
        attempt: 1,
        input: { employee_id: "b", days: 2 },
        output: null,
        outputRef: null,
        tool: null,
        approval: null,
        error: null,
        inputTokens: 0,
        outputTokens: 0,
        startedAt: at,
        finishedAt: null,
      },
    ];
    h.store.put(snapshot);
    expect(await h.execute()).toBe("succeeded");
    expect(h.tools.calls.map((call) => [call.tool.name, call.args, call.idempotencyKey])).toEqual([
      ["apply_leave", { employee_id: "b", days: 2 }, `${h.runId}:sr-b`],
    ]);
  });

  it("stops with LeaseLostError when another worker took the run over", async () => {
    const h = harness({ routine: line(tool("a"), endStep({ id: "done" })) });
    h.store.loseLease(h.runId);
    await expect(h.execute()).rejects.toBeInstanceOf(LeaseLostError);
    expect(h.tools.calls).toHaveLength(0);
  });
});

describe("interventions the server writes, then runs the engine again", () => {
  it("retrying the failed step runs the same step run again, with its recorded input and idempotency key", async () => {
    let tries = 0;
    const h = harness({
      routine: line(tool("a"), endStep({ id: "done" })),
      handlers: { get_leave_balance: () => (++tries === 1 ? toolError("directory locked") : { days: 2 }) },
    });
    expect(await h.execute()).toBe("failed");
    expect(h.store.run(h.runId).error).toBe("hr/get_leave_balance failed: directory locked");
    const failed = h.store.steps(h.runId)[0];
    await h.store.commit(
      h.runId,
      {
        run: { status: "queued", error: null, finishedAt: null, outputs: null },
        steps: [{ id: failed.id, stepId: "a", iteration: 1, state: "pending", error: null, finishedAt: null }],
      },
      [
        {
          type: "step.intervention",
          data: { stepRunId: failed.id, stepId: "a", iteration: 1, by: "op", action: "retried" },
        },
        { type: "run.status", data: { status: "queued", reason: "retried" } },
      ],
    );
    expect(await h.execute()).toBe("succeeded");
    const [first, second] = h.tools.calls;
    expect([second.idempotencyKey, second.args]).toEqual([first.idempotencyKey, first.args]);
    expect(h.store.steps(h.runId)[0]).toMatchObject({ state: "succeeded", attempt: 2 });
  });

  it("re-running a skill with an edited input works from that input and carries the run on", async () => {
    fake.setScenario({
      rules: [
        { match: { lastMessageIncludes: "EDITED" }, reply: { content: "from the edit" } },
        { reply: { content: "first answer" } },
      ],
    });
    const routine = makeRoutine({
      steps: [
        tool("a"),
        skillStep({
          id: "sum",
          inputs: { balance: { from: "step", stepId: "a", path: "result" } },
          outputs: [{ name: "summary", description: "" }],
        }),
        endStep({ id: "done" }),
      ],
      edges: chain({ id: "a" }, { id: "sum" }, { id: "done" }),
    });
    const h = harness({ routine, model: fakeModel(fake).model });
    expect(await h.execute()).toBe("succeeded");
    const skill = h.store.steps(h.runId).find((run) => run.stepId === "sum")!;
    expect(skill.input).toEqual({ balance: { employee_id: "a", days: 12 } });

    await h.store.commit(
      h.runId,
      {
        run: { status: "queued", outputs: null, finishedAt: null },
        steps: [
          { id: "rerun-1", stepId: "sum", iteration: 2, state: "pending", input: { balance: "EDITED" }, attempt: 0 },
        ],
      },
      [
        {
          type: "step.intervention",
          data: { stepRunId: "rerun-1", stepId: "sum", iteration: 2, by: "op", action: "input_edited" },
        },
        { type: "run.status", data: { status: "queued", reason: "re-run" } },
      ],
    );
    expect(await h.execute()).toBe("succeeded");
    expect(h.store.run(h.runId).outputs).toEqual({ summary: "from the edit" });
    expect(
      h.store
        .steps(h.runId)
        .filter((run) => run.stepId === "done")
        .map((run) => run.iteration),
    ).toEqual([1, 2]);
    expect(h.tools.calls).toHaveLength(1);
  });
});
