import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EvalWorld, openEvalWorld } from "../../evaluations/driver/testing/eval-world";
import { type FakeOpenAI } from "../../../scripts/fake-openai/index";
import { type DemoHrHttpServer } from "../../demo/hr-server";
import { registerDemoToolServer } from "../../demo/seed";
import type { ExpectedCall, PinnedOutput } from "../../evaluations/scoring";
import { readRunEvents } from "../../evaluations/driver";
import { waitForEvalRun } from "../../evaluations/driver/testing/eval-test-support";
import { bookLeave, doneStep, leaveRoutineOf, publishOverDemoHr } from "../../runs/store/testing/demo-hr-runs";
import type { Step } from "../../routine";
import { signedIn } from "../../../test/request-context";
import { prisma } from "../core";
import { createTestCase, createSuite } from "../evals";
import { getEvalResult, listEvalResults, startEvalRun } from "../../evaluations/operations";
import { createRoutine } from "../routines";
import { setToolSideEffects } from "../tools";
import { as, demoUserId } from "../testing/review-test-support";

// The evaluation sandbox (issue #29) through the real eval driver, run worker, engine and demo HR MCP server: an
// author's unreviewed draft that calls write tools is evaluated without changing anything on the HR server.

let world: EvalWorld;
let hr: DemoHrHttpServer;
let fake: FakeOpenAI;

beforeAll(async () => {
  world = await openEvalWorld({ model: true });
  ({ hr } = world);
  fake = world.fake!;
  const registered = await registerDemoToolServer(hr.url);
  if (!registered.ok) throw new Error(registered.error);
});
afterAll(() => world.close());

const hrTool = (name: string) => ({ server: "hr", name });
const input = (name: string) => ({ from: "input" as const, name });
const literal = (value: string) => ({ from: "literal" as const, value });
const NEW_PHONE = "+49 30 5550123";

const updateContact: Step = {
  id: "update",
  kind: "tool",
  name: "Update the phone number",
  description: "",
  tool: hrTool("update_employee_contact"),
  inputs: { employee_id: input("employee_id"), phone: literal(NEW_PHONE) },
  outputs: [{ name: "contact", description: "" }],
  requiresApproval: false,
};
const lookUp: Step = {
  id: "lookup",
  kind: "tool",
  name: "Look up the employee",
  description: "",
  tool: hrTool("get_employee"),
  inputs: { employee_id: input("employee_id") },
  outputs: [{ name: "employee", description: "" }],
  requiresApproval: false,
};
const balance: Step = {
  id: "balance",
  kind: "tool",
  name: "Read the balance",
  description: "",
  tool: hrTool("get_leave_balance"),
  inputs: { employee_id: input("employee_id"), leave_type: literal("annual") },
  outputs: [{ name: "balance", description: "" }],
  requiresApproval: false,
};

const accept = (value: string) => ({ accepted: [value], optional: false });
const contactCall: ExpectedCall = {
  tool: "update_employee_contact",
  arguments: { employee_id: accept("E1024"), phone: accept(NEW_PHONE) },
};

/** An author's new routine: only its first draft, never submitted, reviewed or published. Returns its ids. */
async function authorsDraft(steps: Step[]) {
  await as("author");
  const name = `Draft ${randomUUID().slice(0, 8)}`;
  const { id: routineId } = await createRoutine(signedIn(), { name, routine: leaveRoutineOf(name, steps) });
  const version = await prisma.routineVersion.findFirstOrThrow({ where: { routineId } });
  expect(version.status).toBe("draft");
  return { routineId, versionId: version.id };
}

/** As the author: one case, one suite of the given configurations, one run of it to its end. Returns the results. */
async function evaluate(
  routineId: string,
  caseContent: { request?: string; inputs: Record<string, string>; calls: ExpectedCall[]; pins?: PinnedOutput[] },
  configurations: Array<{ versionId: string; mode: "workflow" | "agent" | "baseline" }>,
) {
  await as("author");
  await createTestCase(signedIn(), routineId, {
    name: `Case ${randomUUID().slice(0, 6)}`,
    request: caseContent.request ?? "Do it.",
    inputs: caseContent.inputs,
    expectedCalls: caseContent.calls,
    pinnedOutputs: caseContent.pins ?? [],
  });
  const { suiteId } = await createSuite(signedIn(), {
    routineId,
    name: "Sandbox",
    configurations: configurations.map((config) => ({ ...config, model: "", distractors: 0 })),
    concurrency: 2,
  });
  const { evalRunId } = await startEvalRun(signedIn(), { suiteId });
  expect(await waitForEvalRun(evalRunId, 30_000)).toBe("succeeded");
  const results = await prisma.evalResult.findMany({ where: { evalRunId }, orderBy: { configIndex: "asc" } });
  return { evalRunId, results: await Promise.all(results.map((result) => getEvalResult(signedIn(), result.id))) };
}

const origins = (result: { actualCalls: Array<{ tool: string; origin?: string }> }) =>
  result.actualCalls.map((call) => [call.tool, call.origin]);
const contactOf = (employeeId: string) => hr.store.contactOf(hr.store.employee(employeeId));
const leaveRequestsOf = (employeeId: string) =>
  [...hr.store.leaveRequests.values()].filter((request) => request.employeeId === employeeId);

describe("an evaluation of an author's unreviewed draft", () => {
  it("records, checks and scores its write call, simulated, and leaves the HR record as it was", async () => {
    const before = contactOf("E1024");
    const { routineId, versionId } = await authorsDraft([updateContact, doneStep]);
    const { evalRunId, results } = await evaluate(
      routineId,
      { inputs: { employee_id: "E1024" }, calls: [contactCall] },
      [{ versionId, mode: "workflow" }],
    );

    expect(contactOf("E1024")).toEqual(before);
    expect(contactOf("E1024").phone).not.toBe(NEW_PHONE);
    expect([...hr.store.sideEffects.values()].filter((effect) => effect.tool === "update_employee_contact")).toEqual(
      [],
    );
    const [result] = results;
    expect(result).toMatchObject({ status: "passed", verdict: { passed: true } });
    expect(origins(result!)).toEqual([["update_employee_contact", "simulated"]]);
    expect(result!.verdict!.calls[0]!.actual).toMatchObject({ origin: "simulated" });
    const page = await listEvalResults(signedIn(), { evalRunId });
    expect(page.rows[0]!.cells[0]!.trials[0]).toMatchObject({
      status: "passed",
      answers: { live: 0, pinned: 0, simulated: 1 },
    });

    // The run itself says so: its step output is labelled simulated, and what it holds says nothing changed.
    const output = (await readRunEvents(result!.runId!)).find((event) => event.type === "step.output");
    expect(output?.data).toMatchObject({
      origin: "simulated",
      output: {
        contact: { employee_id: "E1024", simulated: true, note: expect.stringMatching(/nothing was changed/) },
      },
    });
  }, 40_000);

  it("does not let two configurations booking the same leave write into each other: both answered, nothing booked", async () => {
    const employee = "E1031";
    const booked = leaveRequestsOf(employee).length;
    const { routineId, versionId } = await authorsDraft([bookLeave, doneStep]);
    const marker = `[leave-${randomUUID().slice(0, 8)}]`;
    const dates = { start_date: "2025-09-01", end_date: "2025-09-05" };
    // The baseline (no routine, every catalog tool) books the same days in its own run.
    fake.addRules([
      {
        match: { anyMessageIncludes: marker },
        times: 1,
        reply: {
          toolCalls: [{ name: "apply_leave", arguments: { employee_id: employee, leave_type: "annual", ...dates } }],
        },
      },
      { match: { anyMessageIncludes: marker }, times: 1, reply: { content: "Your leave is booked." } },
    ] as Parameters<FakeOpenAI["addRules"]>[0]);
    const calls: ExpectedCall[] = [
      {
        tool: "apply_leave",
        arguments: {
          employee_id: accept(employee),
          leave_type: accept("annual"),
          start_date: accept(dates.start_date),
          end_date: accept(dates.end_date),
        },
      },
    ];
    const { results } = await evaluate(
      routineId,
      { request: `${marker} Book my leave.`, inputs: { employee_id: employee, ...dates }, calls },
      [
        { versionId, mode: "workflow" },
        { versionId, mode: "baseline" },
      ],
    );
    expect(results.map((result) => [result.status, origins(result)])).toEqual([
      ["passed", [["apply_leave", "simulated"]]],
      ["passed", [["apply_leave", "simulated"]]],
    ]);
    expect(leaveRequestsOf(employee)).toHaveLength(booked);
  }, 40_000);

  it("runs a read-only tool live, answers a pinned one from its pin, and follows an admin's override", async () => {
    const { routineId, versionId } = await authorsDraft([lookUp, balance, updateContact, doneStep]);
    const calls: ExpectedCall[] = [
      { tool: "get_employee", arguments: { employee_id: accept("E1025") } },
      { tool: "get_leave_balance", arguments: { employee_id: accept("E1025"), leave_type: accept("annual") } },
      { ...contactCall, arguments: { ...contactCall.arguments, employee_id: accept("E1025") } },
    ];
    const pins = [{ tool: "get_leave_balance", output: { employee_id: "E1025", remaining_days: 99 } }];
    const first = await evaluate(routineId, { inputs: { employee_id: "E1025" }, calls, pins }, [
      { versionId, mode: "workflow" },
    ]);
    expect(origins(first.results[0]!)).toEqual([
      ["get_employee", "live"],
      ["get_leave_balance", "pinned"],
      ["update_employee_contact", "simulated"],
    ]);
    expect(contactOf("E1025").phone).not.toBe(NEW_PHONE);

    // An admin vouches that update_employee_contact only reads, and says get_employee writes: the rule flips.
    const server = await prisma.toolServer.findUniqueOrThrow({ where: { name: "hr" } });
    await as("admin");
    const set = (toolName: string, sideEffects: "read_only" | "writes" | null) =>
      setToolSideEffects(signedIn(), { serverId: server.id, toolName, sideEffects });
    await set("update_employee_contact", "read_only");
    await set("get_employee", "writes");
    try {
      const second = await evaluate(routineId, { inputs: { employee_id: "E1025" }, calls, pins }, [
        { versionId, mode: "workflow" },
      ]);
      expect(origins(second.results[0]!)).toEqual([
        ["get_employee", "simulated"],
        ["get_leave_balance", "pinned"],
        ["update_employee_contact", "live"],
      ]);
      expect(contactOf("E1025").phone).toBe(NEW_PHONE);
    } finally {
      await as("admin");
      await set("update_employee_contact", null);
      await set("get_employee", null);
    }
  }, 60_000);

  it("sandboxes the sub-routine runs an evaluation run starts, though the sub-routine is published", async () => {
    const employee = "E1032";
    const booked = leaveRequestsOf(employee).length;
    const child = await publishOverDemoHr(
      hr.url,
      await demoUserId("author"),
      leaveRoutineOf("Books leave", [bookLeave, doneStep]),
    );
    const callChild: Step = {
      id: "book",
      kind: "routine",
      name: "Book it through the published routine",
      description: "",
      routineId: child.routineId,
      inputs: { employee_id: input("employee_id"), start_date: input("start_date"), end_date: input("end_date") },
      outputs: [],
    };
    const { routineId, versionId } = await authorsDraft([callChild, doneStep]);
    const { results } = await evaluate(
      routineId,
      { inputs: { employee_id: employee, start_date: "2025-09-08", end_date: "2025-09-12" }, calls: [] },
      [{ versionId, mode: "workflow" }],
    );
    expect(results[0]).toMatchObject({ status: "passed" });
    const childRun = await prisma.run.findFirstOrThrow({ where: { parentRunId: results[0]!.runId! } });
    expect(childRun).toMatchObject({ source: "subroutine", status: "succeeded" });
    const output = (await readRunEvents(childRun.id)).find((event) => event.type === "step.output");
    expect(output?.data).toMatchObject({ origin: "simulated" });
    expect(leaveRequestsOf(employee)).toHaveLength(booked);
  }, 40_000);
});
