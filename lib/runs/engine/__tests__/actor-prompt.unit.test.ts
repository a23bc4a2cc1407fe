import { describe, expect, it } from "vitest";
import { estimateTokens } from "../../../llm";
import { chain, endStep, makeRoutine, skillStep, toolStep } from "../../../routine/testing/factories";
import { agentPreamble, executorModelOf } from "../actor-prompt";
import { createRunEngine } from "../engine";
import type { ExecutionPlan } from "../execution-plan";
import type { ActorProfile } from "../ports";
import { FakeClock, FakeTools, MemoryRunStore, scriptedModel } from "../testing";
import { DEFAULT_HANDLERS, HR_TOOLS } from "./support";
import { branchRoutine, FULL } from "./agent-support";

// A run that works as an actor: the persona opens the executor's prompt and the actor's model runs it, unless the
// run's execution plan names a model itself. Every executor prompt then says what today is.

const TODAY = "Today is Monday, 16 June 2025 (2025-06-16), time zone Europe/Berlin.";

const CLERK: ActorProfile = {
  id: "actor-leave-clerk",
  name: "Leave clerk",
  persona: "You book leave for employees and never touch payroll.",
  model: "clerk-model",
  toolkit: { id: "toolkit-leave-desk", name: "Leave desk", tools: [{ server: "hr", name: "get_leave_balance" }] },
};

/** check balance (tool, fully bound) → summarize (skill: the model writes it) → done. */
function summarizing() {
  const steps = [
    toolStep({
      id: "check",
      name: "Check balance",
      inputs: { employee_id: { from: "input", name: "employee_id" } },
      outputs: [{ name: "balance", description: "" }],
    }),
    skillStep({
      id: "sum",
      name: "Summarize",
      instruction: "Summarize the balance.",
      inputs: { balance: { from: "step", stepId: "check", path: "balance" } },
      outputs: [{ name: "summary", description: "" }],
    }),
    endStep({ id: "done" }),
  ];
  return makeRoutine({ steps, edges: chain(...steps) });
}

/** Runs `routine` once as `actor` under `execution` and gives the model's requests. */
async function runAs(actor: ActorProfile | null, execution: ExecutionPlan, routine = summarizing()) {
  const clock = new FakeClock();
  const store = new MemoryRunStore(() => clock.now());
  const model = scriptedModel(() => ({ content: "Ann has 12 days left." }));
  const engine = createRunEngine({
    store,
    tools: new FakeTools(HR_TOOLS, DEFAULT_HANDLERS),
    model,
    clock,
    options: {
      countTokens: estimateTokens,
      controlPollMs: 0,
      calendar: { timeZone: "Europe/Berlin", today: "2025-06-16" },
    },
  });
  const runId = store.createRun({ routine, inputs: { employee_id: "E7" }, execution, actor });
  const status = await engine.execute(runId);
  const systemOf = (n: number) => model.requests[n].messages[0].content ?? "";
  return { status, requests: model.requests, systemOf };
}

describe("a workflow run working as an actor", () => {
  it("opens the executor's prompt with the persona and today's date, and runs on the actor's model", async () => {
    const { status, requests, systemOf } = await runAs(CLERK, { mode: "workflow" });
    expect(status).toBe("succeeded");
    expect(requests).toHaveLength(1);
    expect(
      systemOf(0).startsWith(
        `You work as Leave clerk. You book leave for employees and never touch payroll.\n${TODAY}\n\n`,
      ),
    ).toBe(true);
    expect(requests[0].model).toBe("clerk-model");
  });

  it("runs on the execution plan's model when the plan names one", async () => {
    const { requests } = await runAs(CLERK, { mode: "workflow", model: "eval-model" });
    expect(requests[0].model).toBe("eval-model");
  });

  it("runs on the configured model, with no persona, without an actor or when the actor names no model", async () => {
    const plain = await runAs(null, { mode: "workflow" });
    expect(plain.requests[0].model).toBeUndefined();
    expect(plain.systemOf(0)).not.toContain("You work as");
    expect(plain.systemOf(0).startsWith(`${TODAY}\n\n`)).toBe(true);
    const noModel = await runAs({ ...CLERK, model: null, persona: "" }, { mode: "workflow" });
    expect(noModel.requests[0].model).toBeUndefined();
    expect(noModel.systemOf(0).startsWith(`You work as Leave clerk.\n${TODAY}\n\n`)).toBe(true);
  });
});

describe("an agent run working as an actor", () => {
  it("opens the agent's system prompt with the persona, before the routine", async () => {
    const { systemOf } = await runAs(CLERK, FULL, branchRoutine());
    const system = systemOf(0);
    expect(system.startsWith("You work as Leave clerk. You book leave")).toBe(true);
    expect(system.indexOf("You work as")).toBeLessThan(system.indexOf("## Routine"));
    expect(system.indexOf(TODAY)).toBeGreaterThan(0);
    expect(system.indexOf(TODAY)).toBeLessThan(system.indexOf("## Routine"));
  });
});

describe("executorModelOf and agentPreamble", () => {
  it("pick the plan's model, then the actor's, and trim an empty persona away", () => {
    expect(executorModelOf({ execution: { mode: "workflow" }, actor: CLERK })).toBe("clerk-model");
    expect(executorModelOf({ execution: { ...FULL, model: "m" } as ExecutionPlan, actor: CLERK })).toBe("m");
    expect(executorModelOf({ execution: { mode: "workflow" }, actor: null })).toBeUndefined();
    expect(agentPreamble({ ...CLERK, persona: "  " }, TODAY)).toBe(`You work as Leave clerk.\n${TODAY}`);
    expect(agentPreamble(null, TODAY)).toBe(TODAY);
  });
});
