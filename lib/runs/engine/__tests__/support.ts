import { expect } from "vitest";
import type { FakeOpenAI } from "../../../../scripts/fake-openai/index";
import type { RunEvent } from "../../../events";
import { type ChatRequest, estimateTokens, type LlmCallRecord } from "../../../llm";
import { createLlmClient } from "../../../llm/client";
import type { Budgets, ModelPort } from "../ports";
import type { Routine, RoutineInput } from "../../../routine";
import { chain, edge, endStep, makeRoutine, toolStep } from "../../../routine/testing/factories";
import { createRunEngine } from "../engine";
import type { RunEngineOptions } from "../engine-types";
import { FakeClock, FakeTools, MemoryRunStore, toolDefinition, type FakeToolHandler } from "../testing";

export const API_KEY = "sk-runner-test-key-5e1d7c0a9b";

/** The demo-like HR tools the engine tests call. */
export const HR_TOOLS = [
  toolDefinition("get_leave_balance", { employee_id: { type: "string", description: "The employee's id" } }),
  toolDefinition("apply_leave", {
    employee_id: { type: "string" },
    days: { type: "integer", description: "Days of leave" },
  }),
  toolDefinition("notify_employee", { employee_id: { type: "string" }, message: { type: "string" } }),
  toolDefinition("fetch_report", { employee_id: { type: "string" } }),
  toolDefinition("send_report", { report: { type: "object" }, to: { type: "string" } }),
  toolDefinition("count", { n: { type: "integer" } }),
  toolDefinition("delete_employee", { employee_id: { type: "string" } }),
];

export const DEFAULT_HANDLERS: Record<string, FakeToolHandler> = {
  get_leave_balance: (args) => ({ employee_id: args.employee_id, days: 12 }),
  apply_leave: (args) => ({ booked: true, days: args.days }),
  notify_employee: () => ({ sent: true }),
};

/** A model client over real HTTP against the fake server, with no waiting between retries. */
export function fakeModel(fake: FakeOpenAI, overrides: { timeoutMs?: number; maxRetries?: number } = {}) {
  const records: LlmCallRecord[] = [];
  const sleeps: number[] = [];
  const model = createLlmClient(
    {
      role: "executor",
      baseUrl: fake.url,
      apiKey: API_KEY,
      model: "fake-model",
      timeoutMs: overrides.timeoutMs ?? 5_000,
      maxRetries: overrides.maxRetries ?? 2,
    },
    { recordUsage: async (record) => void records.push(record), sleep: async (ms) => void sleeps.push(ms) },
  );
  return { model, records, sleeps };
}

/** A model that must not be asked: a fully bound routine never calls it. */
export const forbiddenModel: ModelPort & { asked: ChatRequest[] } = {
  asked: [],
  async chat(request) {
    forbiddenModel.asked.push(request);
    throw new Error("The model was asked, but this routine needs no model.");
  },
};

export type Harness = ReturnType<typeof harness>;

/** A fresh engine over the in-memory store, fake tools and a fake clock, with one queued run. */
export function harness(options: {
  routine: Routine;
  model?: ModelPort;
  /** The compressor model (compressed context mode); default none. */
  compressor?: ModelPort;
  handlers?: Record<string, FakeToolHandler>;
  inputs?: Record<string, string | number>;
  request?: string;
  budgets?: Partial<Budgets>;
  engine?: RunEngineOptions;
}) {
  const clock = new FakeClock();
  const store = new MemoryRunStore(() => clock.now());
  const tools = new FakeTools(HR_TOOLS, { ...DEFAULT_HANDLERS, ...options.handlers });
  const published: RunEvent[] = [];
  const engine = createRunEngine({
    store,
    tools,
    model: options.model ?? forbiddenModel,
    compressor: options.compressor,
    clock,
    sink: { published: (_runId, events) => void published.push(...events) },
    options: { countTokens: estimateTokens, ...options.engine },
  });
  const runId = store.createRun({
    routine: options.routine,
    inputs: options.inputs ?? { employee_id: "E7" },
    request: options.request ?? null,
    budgets: options.budgets,
  });
  const events = (type?: RunEvent["type"]) =>
    store.events(runId).filter((event) => type === undefined || event.type === type);
  return {
    clock,
    store,
    tools,
    engine,
    runId,
    published,
    events,
    execute: (signal?: AbortSignal) => engine.execute(runId, signal),
  };
}

type EventData<T extends RunEvent["type"]> = Extract<RunEvent, { type: T }>["data"];

/** Data of the events of one type, in order. */
export function dataOf<T extends RunEvent["type"]>(events: RunEvent[], type: T): Array<EventData<T>> {
  return events.filter((event) => event.type === type).map((event) => event.data) as unknown as Array<EventData<T>>;
}

/**
 * What every run must satisfy: events numbered 1, 2, … without gaps, each commit carrying at least one event,
 * every step-run state change announced by an event naming that step run, and the sink told of every event the
 * engine wrote.
 */
export function expectConsistentLog(h: Harness, runId = h.runId): void {
  const stored = h.store.run(runId);
  expect(stored.events.map((event) => event.seq)).toEqual(stored.events.map((_, index) => index + 1));
  for (const commit of stored.commits) {
    expect(commit.events.length).toBeGreaterThan(0);
    for (const step of commit.change.steps ?? []) {
      if (step.state === undefined) continue;
      const named = commit.events.some(
        (event) =>
          ("stepRunId" in event.data && event.data.stepRunId === step.id) ||
          (event.type === "step.skipped" && event.data.stepId === step.stepId),
      );
      expect(named, `a change of step run ${step.id} to ${step.state} has no event`).toBe(true);
    }
    if (commit.change.run?.status !== undefined) {
      expect(
        commit.events.some(
          (event) => event.type === "run.started" || event.type === "run.status" || event.type === "run.finished",
        ),
      ).toBe(true);
    }
  }
  // Commits the engine did not make (the run's creation, an operator's decision, a child waking its parent) are
  // not the engine's to publish; everything else must have reached the sink.
  const external = (events: RunEvent[]) =>
    events.some(
      (event) =>
        event.type === "run.queued" ||
        event.type === "step.intervention" ||
        (event.type === "run.status" && event.data.status === "queued"),
    );
  const engineSeqs = stored.commits
    .filter((commit) => !external(commit.events))
    .flatMap((commit) => commit.events.map((event) => event.seq));
  expect(h.published.filter((event) => event.runId === runId).map((event) => event.seq)).toEqual(engineSeqs);
}

/** No event, and no prompt the fake server received, contains the API key. */
export function expectNoSecrets(h: Harness, fake?: FakeOpenAI): void {
  const everything = JSON.stringify(h.store.run(h.runId).events);
  expect(everything).not.toContain(API_KEY);
  expect(everything).not.toContain(API_KEY.slice(0, 12));
  if (fake) expect(JSON.stringify(fake.requests().map((request) => request.body))).not.toContain(API_KEY);
}

/** check (fully bound) → apply (days left to the model) → notify (fully bound) → done. */
export function leaveRoutine(overrides: Partial<RoutineInput> = {}): Routine {
  const steps = [
    toolStep({
      id: "check",
      name: "Check leave balance",
      inputs: { employee_id: { from: "input", name: "employee_id" } },
      outputs: [{ name: "balance", description: "" }],
    }),
    toolStep({
      id: "apply",
      name: "Apply for leave",
      tool: { server: "hr", name: "apply_leave" },
      inputs: {
        employee_id: { from: "input", name: "employee_id" },
        days: { from: "model", hint: "days of leave requested" },
      },
      outputs: [{ name: "booking", description: "" }],
    }),
    toolStep({
      id: "notify",
      name: "Notify the employee",
      tool: { server: "hr", name: "notify_employee" },
      inputs: {
        employee_id: { from: "input", name: "employee_id" },
        message: { from: "literal", value: "Your leave is booked." },
      },
    }),
    endStep({ id: "done" }),
  ];
  return makeRoutine({
    inputs: [{ name: "employee_id", description: "", type: "string", required: true }],
    steps,
    edges: chain(...steps),
    ...overrides,
  });
}

export { chain, edge };
