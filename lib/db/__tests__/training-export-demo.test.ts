import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type EvalWorld, openEvalWorld } from "../../evaluations/driver/testing/eval-world";
import { waitForEvalRun } from "../../evaluations/driver/testing/eval-test-support";
import { checkLlamaFactoryLine, checkOpenAiChatLine, type ExpectedCall } from "../../evaluations/scoring";
import type { FakeOpenAI } from "../../../scripts/fake-openai/index";
import { leaveInputs, leaveRoutine, publishOverDemoHr, waitForStatus } from "../../runs/store/testing/demo-hr-runs";
import { signedIn } from "../../../test/request-context";
import { prisma } from "../core";
import { createSuite, createTestCase, streamTrainingExamples, summarizeTrainingExport } from "../evals";
import { startEvalRun } from "../../evaluations/operations";
import { startPlannedRun, startRun } from "../../runs/operations";
import { as, demoUserId } from "../testing/review-test-support";
import { seedDemoActors } from "../../demo/seed";

// The demo scenario end to end (issue #30): real runs of every kind, executed by the real worker and eval driver
// against the demo HR MCP server, the model behind the fake OpenAI-compatible server over HTTP: a workflow run, an
// agent run, a planned run (planner and actor) and an evaluation suite. Their export passes both formats' rules on
// every line, and each tool is declared as the registry describes it.

let world: EvalWorld;
let fake: FakeOpenAI;
let routineId: string;
let versionId: string;
const runs: Record<"workflow" | "agent" | "planned", string> = { workflow: "", agent: "", planned: "" };
let evalRunId: string;

type Rules = Parameters<FakeOpenAI["addRules"]>[0];
const call = (name: string, args: Record<string, unknown>) => ({ reply: { toolCalls: [{ name, arguments: args }] } });
const accept = (value: string) => ({ accepted: [value], optional: false });

/** The agent books the leave the way the routine says: look up, book, notify (with the routine's fixed text). */
function agentRules(inputs: ReturnType<typeof leaveInputs>): Rules {
  const turns = [
    call("get_employee", { employee_id: inputs.employee_id }),
    call("apply_leave", { employee_id: inputs.employee_id, leave_type: "annual", ...dates(inputs) }),
    call("send_email_notification", {
      to: inputs.employee_id,
      subject: "Your leave is booked",
      body: "Enjoy your time off.",
    }),
    { reply: { content: `Booked annual leave for ${inputs.employee_id}.` } },
  ];
  return turns.map((turn) => ({ match: { anyMessageIncludes: inputs.employee_id }, times: 1, ...turn })) as Rules;
}
const dates = (inputs: ReturnType<typeof leaveInputs>) => ({
  start_date: inputs.start_date,
  end_date: inputs.end_date,
});

const PLANNED_REQUEST = "Look up employee E1024 for the zebrafish audit";
const TASK = "Read the record of E1024 for the zebrafish audit";
const plannedRules: Rules = [
  {
    match: { anyMessageIncludes: "REPORT zebrafish", responseFormat: "json_schema" },
    times: 1,
    reply: { json: { tasks: [{ id: "t1", status: "done" }], finished: true, answer: "E1024 is Anna Schmidt." } },
  },
  {
    match: { anyMessageIncludes: "zebrafish audit", responseFormat: "json_schema" },
    times: 1,
    reply: {
      json: { tasks: [{ title: TASK, criteria: "The record is read", actor: "actor-hr-assistant" }], next: "t1" },
    },
  },
  {
    match: { anyMessageIncludes: TASK, hasTools: true, lastRole: "user" },
    times: 1,
    ...call("get_employee", { employee_id: "E1024" }),
  },
  { match: { anyMessageIncludes: TASK, hasTools: true }, reply: { content: "REPORT zebrafish: Anna Schmidt." } },
] as Rules;

beforeAll(async () => {
  world = await openEvalWorld({ model: true });
  fake = world.fake!;
  vi.stubEnv("OPENAI_PLANNER_MODEL", "fake-planner");
  // The planned run's actor: the demo's "HR assistant" with the HR records toolkit, as npm start seeds them.
  await seedDemoActors();
  ({ routineId, versionId } = await publishOverDemoHr(world.hr.url, await demoUserId("admin"), leaveRoutine()));

  await as("operator");
  runs.workflow = (await startRun(signedIn(), { routineId, inputs: leaveInputs() })).runId;
  const agentInputs = leaveInputs();
  fake.addRules(agentRules(agentInputs));
  runs.agent = (await startRun(signedIn(), { routineId, inputs: agentInputs, mode: "agent" })).runId;
  fake.addRules(plannedRules);
  runs.planned = (await startPlannedRun(signedIn(), { request: PLANNED_REQUEST })).runId;

  // An evaluation of the published version: one case, run as a workflow (its writes answered by the sandbox).
  await as("admin");
  const caseInputs = leaveInputs();
  const expected: ExpectedCall[] = [
    { tool: "get_employee", arguments: { employee_id: accept(caseInputs.employee_id) } },
    {
      tool: "apply_leave",
      arguments: {
        employee_id: accept(caseInputs.employee_id),
        leave_type: accept("annual"),
        start_date: accept(caseInputs.start_date),
        end_date: accept(caseInputs.end_date),
      },
    },
    {
      tool: "send_email_notification",
      arguments: {
        to: accept(caseInputs.employee_id),
        subject: accept("Your leave is booked"),
        body: accept("Enjoy your time off."),
      },
    },
  ];
  await createTestCase(signedIn(), routineId, {
    name: "Book a week",
    request: "Book my leave.",
    inputs: caseInputs,
    expectedCalls: expected,
    pinnedOutputs: [],
  });
  const { suiteId } = await createSuite(signedIn(), {
    routineId,
    name: "Demo suite",
    configurations: [{ versionId, mode: "workflow", model: "", distractors: 0 }],
    concurrency: 1,
  });
  ({ evalRunId } = await startEvalRun(signedIn(), { suiteId }));

  for (const runId of Object.values(runs)) await waitForStatus(runId, "succeeded", 30_000);
  expect(await waitForEvalRun(evalRunId, 30_000)).toBe("succeeded");
}, 90_000);
afterAll(() => world.close());

const lines = async (filter: object, format: "openai" | "llamafactory", withRoutine: boolean) => {
  const out: Array<Record<string, unknown>> = [];
  for await (const line of streamTrainingExamples(signedIn(), filter, format, withRoutine)) out.push(JSON.parse(line));
  return out;
};

describe("the training export of the demo scenario", () => {
  it("passes both formats' rules on every line, with and without the routine, for every source", async () => {
    await as("admin");
    const evalResult = await prisma.evalResult.findFirstOrThrow({ where: { evalRunId } });
    expect(evalResult.status).toBe("passed");
    for (const source of ["runs", "cases", "all"])
      for (const withRoutine of [true, false]) {
        const openai = await lines({ source }, "openai", withRoutine);
        const llama = await lines({ source }, "llamafactory", withRoutine);
        expect(openai).toHaveLength(source === "runs" ? 3 : source === "cases" ? 1 : 4);
        expect(llama).toHaveLength(openai.length);
        for (const line of openai) expect(checkOpenAiChatLine(line)).toEqual([]);
        for (const line of llama) expect(checkLlamaFactoryLine(line)).toEqual([]);
      }
    expect(await summarizeTrainingExport(signedIn(), {})).toEqual({
      examples: 3,
      excluded: [{ reason: "evaluation_run", count: 1 }],
      undefinedTools: 0,
    });
  });

  it("declares the planned run's tools by their registry definitions, and asks in the request the operator typed", async () => {
    await as("admin");
    const planned = (await lines({ source: "runs" }, "openai", false)).find((line) =>
      JSON.stringify(line).includes("zebrafish"),
    ) as { messages: Array<{ role: string; content: string }>; tools: Array<{ function: Record<string, unknown> }> };
    expect(planned.messages[1]).toEqual({ role: "user", content: PLANNED_REQUEST });
    const snapshot = await prisma.toolSnapshot.findFirstOrThrow({
      where: { toolName: "get_employee", current: true, server: { name: "hr" } },
    });
    const definition = JSON.parse(snapshot.definition) as { description: string; inputSchema: object };
    expect(planned.tools.map((tool) => tool.function)).toEqual([
      { name: "get_employee", description: definition.description, parameters: definition.inputSchema },
    ]);
  });
});
