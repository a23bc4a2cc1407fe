import { describe, expect, it } from "vitest";
import { chain, endStep, makeRoutine, toolStep } from "../../../routine/testing/factories";
import { routineBlocks } from "../agent-prompt";
import type { ExecutionPlan } from "../execution-plan";
import type { RunSnapshot } from "../ports";
import { ABLATED, agentHarness, branchRoutine, call, scriptedTurns } from "./agent-support";

function expenseRoutine() {
  const steps = [
    toolStep({
      id: "fetch",
      name: "Fetch the expense report",
      tool: { server: "hr", name: "fetch_report" },
      inputs: { employee_id: { from: "input", name: "employee_id" } },
    }),
    toolStep({ id: "send", name: "Send it to finance", tool: { server: "hr", name: "send_report" } }),
    endStep({ id: "end" }),
  ];
  return { ...makeRoutine({ steps, edges: chain(...steps) }), id: "expenses", name: "File an expense report" };
}

describe("the ablated routine", () => {
  it("carries step numbers and names only, and the tools are still offered", async () => {
    const model = scriptedTurns([
      { toolCalls: [call("get_leave_balance", { employee_id: "E7" })] },
      { content: "Done." },
    ]);
    const h = agentHarness({ model, plan: ABLATED });
    expect(await h.execute()).toBe("succeeded");
    const system = h.system(1);
    expect(system).toContain(
      [
        "Step 1. Check leave balance;",
        "Step 2. Eligibility;",
        "Branch 2-1 Step 1. Approve;",
        "Branch 2-1 Step 2. Confirm;",
        "Branch 2-2 Step 1. Reject;",
      ].join("\n"),
    );
    expect(system).toContain("- [x] Step 1. Check leave balance\n");
    const routinePart = system.slice(system.indexOf("## Routine"));
    for (const hidden of [
      "get_leave_balance",
      "apply_leave",
      "notify_employee",
      "input employee",
      "remaining",
      "done when",
    ])
      expect(routinePart).not.toContain(hidden);
    expect(model.requests[0].tools!.map((tool) => tool.name)).toContain("apply_leave");
    expect(dataOfStep(h)).toEqual(["check"]);
  });
});

function dataOfStep(h: ReturnType<typeof agentHarness>) {
  return h
    .steps()
    .filter((run) => run.state === "succeeded")
    .map((run) => run.stepId);
}

describe("distractor routines", () => {
  const plan: ExecutionPlan = { mode: "agent", routine: "full", distractorVersionIds: ["expenses@1"] };

  it("puts each routine under its own heading, and shows no progress list before a step is done", async () => {
    const model = scriptedTurns([
      { toolCalls: [call("get_leave_balance", { employee_id: "E7" })] },
      { content: "Done." },
    ]);
    const h = agentHarness({ model, plan, distractors: [expenseRoutine()] });
    expect(await h.execute()).toBe("succeeded");
    const first = h.system(0);
    expect(first).toContain("Several routines follow; only one of them fits this request.");
    expect(first).toContain("## Routine: Apply for leave\nRoutine: Apply for leave\n");
    expect(first).toContain("## Routine: File an expense report\nRoutine: File an expense report\n");
    expect(first).toContain("using fetch_report tool;");
    expect(first).not.toContain("## Progress");
    expect(first).not.toMatch(/^## Routine\n/m);
    expect(h.system(1)).toContain("## Progress\n- [x] Step 1. Check leave balance");
    // Only the real routine's tools are offered; a distractor's tool is refused like any other outside the allowlist.
    expect(model.requests[0].tools!.map((tool) => tool.name)).not.toContain("fetch_report");
  });

  it("orders the routines by run, the same on every turn, so position gives nothing away", () => {
    const snapshot = (id: string) =>
      ({ id, routine: branchRoutine(), distractors: [expenseRoutine()] }) as unknown as RunSnapshot;
    const agentPlan = plan as Extract<ExecutionPlan, { mode: "agent" }>;
    const firstNames = new Set<string>();
    for (let n = 0; n < 20; n++) {
      const blocks = routineBlocks(agentPlan, snapshot(`run${n}`));
      expect(blocks).toHaveLength(2);
      expect(routineBlocks(agentPlan, snapshot(`run${n}`))).toEqual(blocks);
      firstNames.add(blocks[0].split("\n")[0]);
    }
    expect(firstNames).toEqual(new Set(["## Routine: Apply for leave", "## Routine: File an expense report"]));
  });
});
