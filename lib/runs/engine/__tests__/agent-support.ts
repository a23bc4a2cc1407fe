import type { RunEvent } from "../../../events";
import { estimateTokens, type ChatRequest, type ToolCall } from "../../../llm";
import type { JsonValue, Routine } from "../../../routine";
import { branchStep, edge, endStep, makeRoutine, toolStep } from "../../../routine/testing/factories";
import { createRunEngine } from "../engine";
import type { RunEngineOptions } from "../engine-types";
import type { ExecutionPlan } from "../execution-plan";
import type { Budgets } from "../ports";
import {
  FakeClock,
  FakeTools,
  MemoryRunStore,
  scriptedModel,
  type FakeToolHandler,
  type ScriptedAnswer,
} from "../testing";
import { DEFAULT_HANDLERS, HR_TOOLS } from "./support";

export const FULL: ExecutionPlan = { mode: "agent", routine: "full", distractorVersionIds: [] };
export const ABLATED: ExecutionPlan = { mode: "agent", routine: "ablated", distractorVersionIds: [] };
export const BASELINE: ExecutionPlan = { mode: "agent", routine: "none", distractorVersionIds: [] };

let ids = 0;

/** A tool call as a model sends it. */
export function call(name: string, args: Record<string, JsonValue> | string, id = `tc_${++ids}`): ToolCall {
  return { id, name, arguments: typeof args === "string" ? args : JSON.stringify(args) };
}

type Turn = ScriptedAnswer | ((request: ChatRequest) => ScriptedAnswer);

/** A model answering turn by turn from a script; past its end it answers "Done." in prose. */
export function scriptedTurns(turns: Turn[]) {
  let at = 0;
  return scriptedModel((request) => {
    const turn = turns[at++];
    if (turn === undefined) return { content: "Done." };
    return typeof turn === "function" ? turn(request) : turn;
  });
}

/**
 * check balance → eligible? (branch) → covers: approve (apply_leave) → confirm (notify_employee) → done;
 * does not cover: reject (notify_employee) → done.
 */
export function branchRoutine(): Routine {
  const steps = [
    toolStep({
      id: "check",
      name: "Check leave balance",
      description: "look up the remaining leave",
      inputs: { employee_id: { from: "input", name: "employee_id" } },
      outputs: [{ name: "balance", description: "remaining days" }],
    }),
    branchStep({ id: "eligible", name: "Eligibility" }),
    toolStep({
      id: "approve",
      name: "Approve",
      tool: { server: "hr", name: "apply_leave" },
      inputs: {
        employee_id: { from: "input", name: "employee_id" },
        days: { from: "model", hint: "days requested" },
      },
      outputs: [{ name: "booking", description: "" }],
    }),
    toolStep({
      id: "confirm",
      name: "Confirm",
      tool: { server: "hr", name: "notify_employee" },
      inputs: { employee_id: { from: "input", name: "employee_id" }, message: { from: "model", hint: "message" } },
    }),
    toolStep({
      id: "reject",
      name: "Reject",
      tool: { server: "hr", name: "notify_employee" },
      inputs: { employee_id: { from: "input", name: "employee_id" }, message: { from: "model", hint: "message" } },
    }),
    endStep({ id: "done" }),
  ];
  return makeRoutine({
    inputs: [{ name: "employee_id", description: "", type: "string", required: true }],
    steps,
    edges: [
      edge("check", "eligible"),
      edge("eligible", "approve", "the balance covers the request"),
      edge("eligible", "reject", "the balance does not cover the request"),
      edge("approve", "confirm"),
      edge("confirm", "done"),
      edge("reject", "done"),
    ],
  });
}

export type AgentHarness = ReturnType<typeof agentHarness>;

/** An engine over the in-memory store, fake HR tools and a fake clock, with one queued agent-mode run. */
export function agentHarness(options: {
  routine?: Routine;
  plan?: ExecutionPlan;
  model: ReturnType<typeof scriptedModel>;
  handlers?: Record<string, FakeToolHandler>;
  inputs?: Record<string, JsonValue>;
  request?: string;
  budgets?: Partial<Budgets>;
  distractors?: Routine[];
  engine?: RunEngineOptions;
  runId?: string;
}) {
  const clock = new FakeClock();
  const store = new MemoryRunStore(() => clock.now());
  const tools = new FakeTools(HR_TOOLS, { ...DEFAULT_HANDLERS, ...options.handlers });
  const published: RunEvent[] = [];
  const makeEngine = (model = options.model) =>
    createRunEngine({
      store,
      tools,
      model,
      clock,
      sink: { published: (_runId, events) => void published.push(...events) },
      options: { countTokens: estimateTokens, controlPollMs: 0, ...options.engine },
    });
  const engine = makeEngine();
  const runId = store.createRun({
    id: options.runId,
    routine: options.routine ?? branchRoutine(),
    inputs: options.inputs ?? { employee_id: "E7" },
    request: options.request ?? "I want 3 days of leave.",
    budgets: options.budgets,
    execution: options.plan ?? FULL,
    distractors: options.distractors,
  });
  const events = (type?: RunEvent["type"]) =>
    store.events(runId).filter((event) => type === undefined || event.type === type);
  return {
    clock,
    store,
    tools,
    model: options.model,
    engine,
    makeEngine,
    runId,
    published,
    events,
    steps: () => store.steps(runId),
    /** The system prompt of the model's n-th request (0-based). */
    system: (n: number) => options.model.requests[n].messages[0].content ?? "",
    execute: (signal?: AbortSignal) => engine.execute(runId, signal),
  };
}
