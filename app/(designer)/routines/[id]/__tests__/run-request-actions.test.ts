import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type EvalWorld, openEvalWorld } from "@/lib/evaluations/driver/testing/eval-world";
import { formData, signedIn } from "@/test/request-context";
import { idleState } from "@/lib/forms";
import { prisma } from "@/lib/db/core";
import { getRun } from "@/lib/runs/operations";
import { as, demoUserId } from "@/lib/db/testing/review-test-support";
import { doneStep, leaveRoutineOf, publishOverDemoHr, waitForStatus } from "@/lib/runs/store/testing/demo-hr-runs";
import { startRunAction } from "../run-actions";

// A routine that declares no inputs, like the demo's payslip question: the employee is whoever the request names, so
// the request typed into the Run dialog must reach the executor. Posted as the browser posts it, executed by the real
// worker against the demo HR server, with the executor behind the fake OpenAI-compatible server over HTTP (the
// evaluation tests' world: it starts all of them).
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);

const REQUEST = "Explain the payslip of employee E1003 for March, please.";

let world: EvalWorld;
let routineId: string;

beforeAll(async () => {
  world = await openEvalWorld({ model: true });
  // The model fills the employee id only when its prompt carries the request: nothing else names E1003.
  world.fake!.addRules([
    {
      match: { anyMessageIncludes: `## Request\n${REQUEST}`, hasTools: true },
      reply: { toolCalls: [{ name: "get_employee", arguments: { employee_id: "E1003" } }] },
    },
  ]);
  const routine = leaveRoutineOf("Payslip question", [
    {
      id: "employee",
      kind: "tool",
      name: "Identify the employee",
      description: "The employee who asks.",
      tool: { server: "hr", name: "get_employee" },
      inputs: { employee_id: { from: "model", hint: "The employee the request is about." } },
      outputs: [{ name: "employee", description: "" }],
      requiresApproval: false,
    },
    doneStep,
  ]);
  ({ routineId } = await publishOverDemoHr(world.hr.url, await demoUserId("admin"), { ...routine, inputs: [] }));
});
afterAll(() => world.close());

describe("the Run dialog of a routine that declares no inputs", () => {
  it("stores the request and hands it to the executor, which reads the employee from it", async () => {
    await as("operator");
    const started = await startRunAction(
      idleState,
      formData({ routineId, mode: "form", inputs: "{}", request: `  ${REQUEST}  ` }),
    );
    expect(started).toMatchObject({ status: "success" });
    const runId = (started as { data: { runId: string } }).data.runId;
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).request).toBe(REQUEST);

    await waitForStatus(runId, "succeeded", 30_000);
    const run = await getRun(signedIn(), runId);
    const lookUp = run.steps.find((step) => step.stepId === "employee")!;
    expect(JSON.stringify(lookUp.output)).toContain("E1003");
  });

  it("starts without a request when none is typed, with nothing stored for it", async () => {
    await as("operator");
    const started = await startRunAction(idleState, formData({ routineId, mode: "form", inputs: "{}", request: "" }));
    expect(started).toMatchObject({ status: "success" });
    const runId = (started as { data: { runId: string } }).data.runId;
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).request).toBeNull();
  });
});
