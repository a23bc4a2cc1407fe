import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../../scripts/fake-openai/index";
import { signedIn } from "../../../test/request-context";
import { ForbiddenError, UnauthenticatedError } from "../../access";
import { type DemoHrHttpServer, startDemoHrHttpServer } from "../../demo/hr-server";
import { seedDatabase } from "../../demo/seed";
import { casesToJsonl, testCaseContentSchema, type TestCaseContentInput } from "../../evaluations/scoring";
import { PlannerError } from "../../planner";
import { buildRunWorker, createRegistryToolPort, type RunWorker } from "../../runs/store";
import { leaveInputs, leaveRoutine, publishOverDemoHr, waitForStatus } from "../../runs/store/testing/demo-hr-runs";
import { queuedRun } from "../../runs/store/testing/run-test-support";
import { sharedToolGateway } from "../../tool-gateway";
import { NotFoundError, prisma, ValidationError } from "../core";
import {
  createTestCase,
  deleteTestCase,
  dropProposedCase,
  exportTestCases,
  getTestCase,
  getTestCaseTable,
  importTestCases,
  keepProposedCase,
  listTestCases,
  updateTestCase,
} from "../evals";
import { proposeTestCases, saveRunAsTestCase } from "../../evaluations/operations";
import { startRun } from "../../runs/operations";
import { as, demoUserId } from "../testing/review-test-support";

let hr: DemoHrHttpServer;
let worker: RunWorker;
let fake: FakeOpenAI;
let routineId: string;

const employeeCall = (id: string) => ({ tool: "get_employee", arguments: { employee_id: { accepted: [id] } } });
const content = (
  name: string,
  calls: TestCaseContentInput["expectedCalls"] = [employeeCall("E1024")],
): TestCaseContentInput => ({
  name,
  request: `Look up ${name}`,
  inputs: { employee_id: "E1024" },
  expectedCalls: calls,
});
const stored = (id: string) => prisma.testCase.count({ where: { routineId: id } });

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  hr = await startDemoHrHttpServer({ port: 0 });
  ({ routineId } = await publishOverDemoHr(hr.url, await demoUserId("author"), leaveRoutine()));
  worker = buildRunWorker({
    enabled: true,
    concurrency: 2,
    leaseMs: 5_000,
    pollMs: 200,
    tools: createRegistryToolPort(),
  });
  worker.start();
  fake = await startFakeOpenAI({ port: 0, apiKey: "test-key", scenario: { rules: [] } });
});
afterAll(async () => {
  await worker.stop();
  await sharedToolGateway().close();
  await hr.close();
  await fake.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
  fake.reset();
});

describe("writing test cases", () => {
  it("creates, reads, updates and deletes a case as an author, with defaults filled and every change audited", async () => {
    await as("author");
    const created = await createTestCase(signedIn(), routineId, content("Ada"));
    expect(created).toMatchObject({
      routineId,
      name: "Ada",
      source: "manual",
      status: "active",
      expectedCalls: [{ tool: "get_employee", arguments: { employee_id: { accepted: ["E1024"], optional: false } } }],
      expectedPath: [],
      pinnedOutputs: [],
      problems: [],
      createdBy: { id: await demoUserId("author") },
    });
    const updated = await updateTestCase(signedIn(), created.id, { ...content("Ada renamed"), expectedPath: ["yes"] });
    expect(updated).toMatchObject({ id: created.id, name: "Ada renamed", expectedPath: ["yes"] });

    await as("reviewer");
    expect(await getTestCase(signedIn(), created.id)).toMatchObject({ name: "Ada renamed" });
    expect((await listTestCases(signedIn(), routineId)).map((row) => row.id)).toContain(created.id);

    await as("admin");
    await deleteTestCase(signedIn(), created.id);
    await expect(getTestCase(signedIn(), created.id)).rejects.toBeInstanceOf(NotFoundError);
    const actions = await prisma.auditLog.findMany({ where: { targetId: created.id }, orderBy: { at: "asc" } });
    expect(actions.map((entry) => entry.action).sort()).toEqual([
      "test_case.created",
      "test_case.deleted",
      "test_case.updated",
    ]);
  });

  it("refuses invalid content with field errors and stores nothing", async () => {
    await as("author");
    const before = await stored(routineId);
    const error = await createTestCase(signedIn(), routineId, {
      ...content(" "),
      expectedCalls: [{ tool: "", arguments: {} }],
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toMatchObject({ name: ["Give the case a name."] });
    expect(await stored(routineId)).toBe(before);
    await expect(createTestCase(signedIn(), "no-such-routine", content("x"))).rejects.toBeInstanceOf(NotFoundError);
  });

  it("lets reviewers read but not write, and operators and anonymous visitors do neither", async () => {
    await as("author");
    const mine = await createTestCase(signedIn(), routineId, content("Kept"));
    await as("reviewer");
    await expect(createTestCase(signedIn(), routineId, content("x"))).rejects.toBeInstanceOf(ForbiddenError);
    await expect(updateTestCase(signedIn(), mine.id, content("x"))).rejects.toBeInstanceOf(ForbiddenError);
    await expect(deleteTestCase(signedIn(), mine.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(importTestCases(signedIn(), routineId, casesToJsonl([]))).rejects.toBeInstanceOf(ForbiddenError);
    await as("operator");
    await expect(listTestCases(signedIn(), routineId)).rejects.toBeInstanceOf(ForbiddenError);
    await as("anonymous");
    await expect(listTestCases(signedIn(), routineId)).rejects.toBeInstanceOf(UnauthenticatedError);
    expect(await getTestCase((await as("author"), signedIn()), mine.id)).toMatchObject({ name: "Kept" });
  });
});

describe("JSONL import and export", () => {
  it("imports nothing when line 3 is malformed, and says which line and field", async () => {
    await as("author");
    const before = await stored(routineId);
    const text = [
      JSON.stringify(content("One")),
      JSON.stringify(content("Two")),
      JSON.stringify({ ...content("Three"), expectedCalls: [{ arguments: {} }] }),
    ].join("\n");
    const outcome = await importTestCases(signedIn(), routineId, text);
    expect(outcome).toEqual({
      ok: false,
      errors: [{ line: 3, message: expect.stringMatching(/^expectedCalls\[0\]\.tool/) }],
    });
    expect(await stored(routineId)).toBe(before);
  });

  it("imports a good file in its order, flags unknown tools, and exports what it imported", async () => {
    const { routineId: fresh } = await publishOverDemoHr(hr.url, await demoUserId("author"), leaveRoutine());
    await as("author");
    const lines = [content("First"), content("Second", [{ tool: "old_tool", arguments: {} }]), content("Third")];
    const text = casesToJsonl(lines.map((line) => testCaseContentSchema.parse(line)));
    const outcome = await importTestCases(signedIn(), fresh, text);
    expect(outcome).toEqual({ ok: true, count: 3 });
    const table = await getTestCaseTable(signedIn(), fresh);
    expect(table.cases.map((row) => [row.name, row.source, row.problems.length])).toEqual([
      ["First", "import", 0],
      ["Second", "import", 1],
      ["Third", "import", 0],
    ]);
    expect(table.cases[1]!.problems[0]).toMatch(/"old_tool"/);
    expect(table.tools.map((tool) => tool.name).sort()).toEqual([
      "apply_leave",
      "get_employee",
      "send_email_notification",
    ]);
    expect(table.tools.find((tool) => tool.name === "get_employee")?.parameters).toContain("employee_id");

    const exported = await exportTestCases(signedIn(), fresh);
    expect(exported.trim().split("\n")).toHaveLength(3);
    const { routineId: copy } = await publishOverDemoHr(hr.url, await demoUserId("author"), leaveRoutine());
    expect(await importTestCases(signedIn(), copy, exported)).toEqual({ ok: true, count: 3 });
    expect(await exportTestCases(signedIn(), copy)).toBe(exported);
    expect(await prisma.auditLog.count({ where: { action: "test_case.imported", targetId: fresh } })).toBe(1);
  });

  it("flags a case whose tool the catalog no longer offers", async () => {
    const { routineId: fresh } = await publishOverDemoHr(hr.url, await demoUserId("author"), leaveRoutine());
    await as("author");
    const row = await createTestCase(signedIn(), fresh, content("Lookup"));
    expect(row.problems).toEqual([]);
    await prisma.toolServer.update({ where: { name: "hr" }, data: { enabled: false } });
    try {
      const [flagged] = await listTestCases(signedIn(), fresh);
      expect(flagged!.problems).toEqual([
        'Call 1 uses the tool "get_employee", which the routine\'s latest version or the tool catalog no longer has.',
      ]);
    } finally {
      await prisma.toolServer.update({ where: { name: "hr" }, data: { enabled: true } });
    }
  });
});

describe("saveRunAsTestCase", () => {
  it("records a real run's calls, pinned outputs and inputs as a case linked to the run", async () => {
    await as("operator");
    const inputs = leaveInputs();
    const { runId } = await startRun(signedIn(), { routineId, inputs });
    await waitForStatus(runId, "succeeded");

    await as("author");
    const row = await saveRunAsTestCase(signedIn(), runId, "Leave booked for a week");
    expect(row).toMatchObject({ routineId, source: "run", sourceRunId: runId, status: "active", problems: [], inputs });
    expect(row.request).toContain(inputs.employee_id);
    expect(row.expectedCalls.map((call) => call.tool)).toEqual([
      "get_employee",
      "apply_leave",
      "send_email_notification",
    ]);
    expect(row.expectedCalls[1]!.arguments).toEqual({
      employee_id: { accepted: [inputs.employee_id], optional: false },
      leave_type: { accepted: ["annual"], optional: false },
      start_date: { accepted: ["2025-08-04"], optional: false },
      end_date: { accepted: ["2025-08-08"], optional: false },
    });
    expect(row.pinnedOutputs.map((pin) => pin.tool)).toEqual([
      "get_employee",
      "apply_leave",
      "send_email_notification",
    ]);
    expect(JSON.stringify(row.pinnedOutputs[0]!.output)).toContain(inputs.employee_id);
    expect(await prisma.auditLog.count({ where: { action: "test_case.created", targetId: row.id } })).toBe(1);
  });

  it("refuses runs that did not succeed, reviewers, and runs the viewer may not see", async () => {
    await as("author");
    const queued = await queuedRun(routineId, { startedById: await demoUserId("author") });
    await expect(saveRunAsTestCase(signedIn(), queued, "Queued")).rejects.toThrow(/Only a run that succeeded/);
    await expect(saveRunAsTestCase(signedIn(), "no-such-run", "x")).rejects.toBeInstanceOf(NotFoundError);
    await as("reviewer");
    await expect(saveRunAsTestCase(signedIn(), queued, "x")).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe("proposed cases", () => {
  const usePlanner = () => {
    vi.stubEnv("OPENAI_BASE_URL", fake.url);
    vi.stubEnv("OPENAI_API_KEY", "test-key");
    vi.stubEnv("OPENAI_PLANNER_MODEL", "fake-planner");
  };

  it("stores the planner's valid proposals as proposed, drops the invalid ones, and keeps or drops each", async () => {
    usePlanner();
    const { routineId: fresh } = await publishOverDemoHr(hr.url, await demoUserId("author"), leaveRoutine());
    fake.addRules([
      {
        match: { responseFormat: "json_schema", anyMessageIncludes: "Write 2 varied test cases" },
        reply: {
          json: {
            cases: [
              { name: "Ada", request: "Look up E1", inputs: {}, expectedCalls: [employeeCall("E1")], expectedPath: [] },
              { name: "Bad", request: "x", expectedCalls: [{ tool: "fire_everyone", arguments: {} }] },
            ],
          },
        },
      },
    ]);
    await as("author");
    const outcome = await proposeTestCases(signedIn(), fresh, 2);
    expect(outcome).toMatchObject({
      created: 1,
      dropped: [{ name: "Bad", reason: expect.stringMatching(/fire_everyone/) }],
    });
    const table = await getTestCaseTable(signedIn(), fresh);
    expect(table.cases).toEqual([]);
    expect(table.proposed.map((row) => [row.name, row.source, row.status])).toEqual([["Ada", "planner", "proposed"]]);
    const sent = fake.requests()[0]!.body as { model: string; messages: Array<{ content: string }> };
    expect(sent.model).toBe("fake-planner");
    expect(sent.messages.map((message) => message.content).join("\n")).toContain("hr/get_employee");

    const kept = await keepProposedCase(signedIn(), table.proposed[0]!.id);
    expect(kept.status).toBe("active");
    await expect(dropProposedCase(signedIn(), kept.id)).rejects.toBeInstanceOf(ValidationError);
    expect((await listTestCases(signedIn(), fresh)).map((row) => row.name)).toEqual(["Ada"]);
  });

  it("says so when the model answers prose, and stores nothing", async () => {
    usePlanner();
    const { routineId: fresh } = await publishOverDemoHr(hr.url, await demoUserId("author"), leaveRoutine());
    fake.addRules([
      { match: { responseFormat: "json_schema" }, reply: { content: "Sure! Here are some ideas for tests." } },
    ]);
    await as("author");
    const error = await proposeTestCases(signedIn(), fresh, 3).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(PlannerError);
    expect((error as PlannerError).code).toBe("not_json");
    expect(await stored(fresh)).toBe(0);
  });

  it("drops a proposal on request, and refuses reviewers", async () => {
    usePlanner();
    fake.addRules([
      {
        match: { responseFormat: "json_schema" },
        reply: { json: { cases: [{ name: "Maybe", request: "Look up E9", expectedCalls: [employeeCall("E9")] }] } },
      },
    ]);
    const { routineId: fresh } = await publishOverDemoHr(hr.url, await demoUserId("author"), leaveRoutine());
    await as("reviewer");
    await expect(proposeTestCases(signedIn(), fresh, 1)).rejects.toBeInstanceOf(ForbiddenError);
    await as("author");
    await proposeTestCases(signedIn(), fresh, 1);
    const [proposal] = await listTestCases(signedIn(), fresh, { status: "proposed" });
    await dropProposedCase(signedIn(), proposal!.id);
    // Dropped from the proposals, kept marked deleted (issue #29: deleting in lib/db/evals is soft).
    expect(await listTestCases(signedIn(), fresh, { status: "proposed" })).toEqual([]);
    expect(await prisma.testCase.findUniqueOrThrow({ where: { id: proposal!.id } })).toMatchObject({
      deletedAt: expect.any(Date),
    });
  });
});
