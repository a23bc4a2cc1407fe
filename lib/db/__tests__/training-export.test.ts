import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { checkLlamaFactoryLine, checkOpenAiChatLine } from "../../evaluations/scoring";
import type { Routine } from "../../routine";
import { prisma } from "../core";
import { listTrainingExportOptions, streamTrainingExamples, summarizeTrainingExport } from "../evals";
import { seedDatabase } from "../../demo/seed";
import { makeRoutine } from "../testing/routine-factories";
import { insertStoredRun, stepRef, type StoredEvent } from "../testing/stored-runs";
import { as, demoUserId, personWith } from "../testing/review-test-support";
import { publishedRoutine } from "../../runs/store/testing/run-test-support";
import { signedIn } from "../../../test/request-context";

const leaveRoutine = (): Routine =>
  makeRoutine({
    name: "Check leave",
    inputs: [{ name: "employee_id", description: "Who", type: "string", required: true }],
    steps: [
      {
        id: "lookup",
        kind: "tool",
        name: "Look up the employee",
        description: "",
        tool: { server: "train-hr", name: "get_employee" },
        inputs: { employee_id: { from: "input", name: "employee_id" } },
        outputs: [{ name: "employee", description: "" }],
        requiresApproval: false,
      },
      {
        id: "balance",
        kind: "tool",
        name: "Check leave balance",
        description: "",
        tool: { server: "train-hr", name: "get_leave_balance" },
        inputs: { employee: { from: "step", stepId: "lookup", path: "employee" } },
        outputs: [{ name: "days", description: "" }],
        requiresApproval: false,
      },
      { id: "done", kind: "end", name: "Done", description: "" },
    ],
    edges: [
      { id: "e1", source: "lookup", target: "balance" },
      { id: "e2", source: "balance", target: "done" },
    ],
  });

type RunSpec = {
  status?: string;
  model?: string;
  callModel?: string;
  createdAt?: Date;
  answer?: string;
  bigEmployee?: boolean;
  startedById?: string | null;
  source?: string;
  /** Events stored after the run's own, as rows (a `_v` in the data is the version it was stored at). */
  extraEvents?: StoredEvent[];
};

/** Writes a finished run with the events of two tool calls straight to the database, as the engine would. */
async function insertRun(routineId: string, versionId: string, spec: RunSpec = {}): Promise<string> {
  const id = randomUUID();
  const employee = spec.bigEmployee ? { name: "Ada", notes: "x".repeat(3000) } : { name: "Ada" };
  const ref = (step: string) => stepRef(id, step);
  const employeeOutput = spec.bigEmployee ? { $var: "VAR_lookup_1", preview: '{"name":"Ada",…' } : employee;
  const events: StoredEvent[] = [
    { type: "run.started", data: { resumed: false } },
    {
      type: "step.tool_call",
      data: {
        ...ref("lookup"),
        server: "train-hr",
        tool: "get_employee",
        arguments: { employee_id: "E1" },
        byModel: false,
      },
    },
    { type: "step.output", data: { ...ref("lookup"), output: { employee: employeeOutput } } },
    {
      type: "step.tool_call",
      data: {
        ...ref("balance"),
        server: "train-hr",
        tool: "get_leave_balance",
        arguments: { employee: spec.bigEmployee ? "VAR_lookup_1" : employee },
        byModel: false,
      },
    },
    { type: "step.output", data: { ...ref("balance"), output: { days: 12 } } },
    {
      type: "run.finished",
      data: {
        status: "succeeded",
        outputs: spec.answer ? { answer: spec.answer } : { days: 12 },
        durationMs: 9,
        inputTokens: 0,
        outputTokens: 0,
      },
    },
  ];
  events.push(...(spec.extraEvents ?? []));
  await insertStoredRun(
    {
      id,
      routineId,
      versionId,
      versionNumber: 1,
      routineName: "Check leave",
      status: spec.status ?? "succeeded",
      inputs: JSON.stringify({ employee_id: "E1" }),
      request: "How many days does E1 have left?",
      execution: JSON.stringify(
        spec.model
          ? { mode: "agent", routine: "full", distractorVersionIds: [], model: spec.model }
          : { mode: "workflow" },
      ),
      startedById: spec.startedById ?? null,
      source: spec.source ?? "ui",
      createdAt: spec.createdAt ?? new Date("2025-03-10T12:00:00Z"),
    },
    events,
  );
  if (spec.bigEmployee)
    await prisma.variable.create({
      data: {
        id: randomUUID(),
        runId: id,
        key: "VAR_lookup_1",
        stepId: "lookup",
        value: JSON.stringify(employee),
        bytes: 3020,
      },
    });
  if (spec.callModel)
    await prisma.llmCall.create({
      data: { id: randomUUID(), role: "executor", model: spec.callModel, purpose: "step", runId: id, status: "ok" },
    });
  return id;
}

/** How many examples an export with `filter` writes. */
const countTrainingExamples = async (viewer: Parameters<typeof summarizeTrainingExport>[0], filter: unknown) =>
  (await summarizeTrainingExport(viewer, filter)).examples;

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

let routineId: string;
let versionId: string;
let other: { routineId: string; versionId: string };

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  const ownerId = await demoUserId("author");
  const serverId = randomUUID();
  await prisma.toolServer.create({
    data: { id: serverId, name: "train-hr", transport: "http", url: "http://127.0.0.1:9/mcp" },
  });
  for (const toolName of ["get_employee", "get_leave_balance"])
    await prisma.toolSnapshot.create({
      data: {
        id: randomUUID(),
        serverId,
        toolName,
        hash: toolName,
        definition: JSON.stringify({
          description: `${toolName} of an employee`,
          inputSchema: { type: "object", properties: { employee_id: { type: "string" } } },
        }),
      },
    });
  ({ routineId, versionId } = await publishedRoutine({ ownerId, routine: leaveRoutine() }));
  other = await publishedRoutine({ ownerId: await demoUserId("admin"), routine: leaveRoutine() });
  await insertRun(routineId, versionId, { model: "gpt-4o", answer: "E1 has 12 days." });
  await insertRun(routineId, versionId, { callModel: "qwen3-14b", bigEmployee: true });
  await insertRun(routineId, versionId, { model: "gpt-4o", createdAt: new Date("2025-04-02T08:00:00Z") });
  await insertRun(routineId, versionId, { status: "failed", model: "gpt-4o" });
  await insertRun(other.routineId, other.versionId, { model: "gpt-4o" });
  // 60 more good runs of the other routine, so the export reads more than one page.
  for (let n = 0; n < 60; n++) await insertRun(other.routineId, other.versionId, { callModel: "qwen3-14b" });
});

describe("countTrainingExamples", () => {
  it("counts succeeded runs by routine, version, model (plan or recorded call) and date", async () => {
    await as("admin");
    const viewer = signedIn();
    expect(await countTrainingExamples(viewer, { routineId })).toBe(3);
    expect(await countTrainingExamples(viewer, { versionId })).toBe(3);
    expect(await countTrainingExamples(viewer, {})).toBe(64);
    expect(await countTrainingExamples(viewer, { routineId, model: "gpt-4o" })).toBe(2);
    expect(await countTrainingExamples(viewer, { model: "qwen3-14b" })).toBe(61);
    expect(await countTrainingExamples(viewer, { routineId, from: "2025-04-01" })).toBe(1);
    expect(await countTrainingExamples(viewer, { routineId, to: "2025-03-10" })).toBe(2);
    expect(await countTrainingExamples(viewer, { routineId, from: "2025-03-11", to: "2025-03-31" })).toBe(0);
  });

  it("takes evaluation runs only when asked, and only those whose case passed", async () => {
    await as("admin");
    const suiteId = randomUUID();
    const evalRunId = randomUUID();
    const caseId = randomUUID();
    await prisma.testCase.create({ data: { id: caseId, routineId, name: "E1", request: "How many days?" } });
    await prisma.evalSuite.create({ data: { id: suiteId, routineId, name: "Suite", configurations: "[]" } });
    await prisma.evalRun.create({ data: { id: evalRunId, suiteId, status: "succeeded", configurations: "[]" } });
    const evaluated = async (configIndex: number, status: string, answer: string) => {
      const runId = await insertRun(routineId, versionId, { source: "eval", model: "gpt-4o", answer });
      await prisma.evalResult.create({
        data: { id: randomUUID(), evalRunId, caseId, configIndex, versionId, runId, status },
      });
      return runId;
    };
    await evaluated(0, "passed", "E1 has 12 days (passed).");
    await evaluated(1, "failed", "E1 has 12 days (failed).");
    expect(await countTrainingExamples(signedIn(), { source: "cases" })).toBe(1);
    const lines = await collect(streamTrainingExamples(signedIn(), { source: "cases" }, "openai", false));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).messages.at(-1)).toEqual({ role: "assistant", content: "E1 has 12 days (passed)." });
    // The default leaves both out and says so; "all" takes the passed one beside the people's runs.
    const byDefault = await summarizeTrainingExport(signedIn(), { routineId });
    expect(byDefault).toMatchObject({ examples: 3 });
    expect(byDefault.excluded).toEqual([
      { reason: "evaluation_run", count: 2 },
      { reason: "not_succeeded", count: 1 },
    ]);
    expect(await countTrainingExamples(signedIn(), { routineId, source: "all" })).toBe(4);
    expect((await summarizeTrainingExport(signedIn(), { routineId, source: "cases" })).excluded).toEqual([
      { reason: "not_evaluation", count: 4 },
      { reason: "case_not_passed", count: 1 },
    ]);
  });

  it("lets authors count only their routines' runs, and refuses operators and bad filters", async () => {
    await as("author");
    expect(await countTrainingExamples(signedIn(), {})).toBe(3);
    await as("reviewer");
    expect(await countTrainingExamples(signedIn(), {})).toBe(64);
    await as("operator");
    await expect(countTrainingExamples(signedIn(), {})).rejects.toThrow(/role/i);
    await expect(countTrainingExamples(null, {})).rejects.toThrow();
    await as("admin");
    await expect(countTrainingExamples(signedIn(), { from: "2025-05-01", to: "2025-04-01" })).rejects.toMatchObject({
      fieldErrors: { to: ["From must not be after To."] },
    });
    await expect(countTrainingExamples(signedIn(), { source: "everything" })).rejects.toThrow();
  });
});

describe("streamTrainingExamples", () => {
  it("streams one OpenAI line per run that parses and passes the format rules, across pages", async () => {
    await as("admin");
    const lines = await collect(streamTrainingExamples(signedIn(), {}, "openai", true));
    expect(lines).toHaveLength(64);
    for (const line of lines) {
      expect(line.endsWith("\n")).toBe(true);
      expect(line.slice(0, -1)).not.toContain("\n");
      const parsed = JSON.parse(line);
      expect(checkOpenAiChatLine(parsed)).toEqual([]);
      const calls = parsed.messages.flatMap((m: { tool_calls?: Array<{ id: string }> }) => m.tool_calls ?? []);
      const answered = parsed.messages
        .filter((m: { role: string }) => m.role === "tool")
        .map((m: { tool_call_id: string }) => m.tool_call_id);
      expect(answered).toEqual(calls.map((call: { id: string }) => call.id));
    }
  });

  it("puts the routine's paper text in the system prompt only with the routine, and resolves variables", async () => {
    await as("admin");
    const [withRoutine] = await collect(
      streamTrainingExamples(signedIn(), { routineId, model: "qwen3-14b" }, "openai", true),
    );
    const [without] = await collect(
      streamTrainingExamples(signedIn(), { routineId, model: "qwen3-14b" }, "openai", false),
    );
    const a = JSON.parse(withRoutine);
    const b = JSON.parse(without);
    expect(a.messages[0].content).toContain("Check leave balance");
    expect(a.messages[0].content).toContain("get_leave_balance");
    expect(b.messages[0].content).not.toContain("Check leave balance");
    expect(JSON.parse(a.messages[3].content)).toEqual({ name: "Ada", notes: "x".repeat(3000) });
    expect(JSON.parse(a.messages[4].tool_calls[0].function.arguments).employee.notes).toHaveLength(3000);
    expect(a.tools.map((tool: { function: { name: string } }) => tool.function.name)).toEqual([
      "get_employee",
      "get_leave_balance",
    ]);
    expect(a.tools[0].function.description).toBe("get_employee of an employee");
    expect(JSON.parse(a.messages.at(-1).content)).toEqual({ days: 12 });
  });

  it("streams LLaMA-Factory lines that pass its rules", async () => {
    await as("author");
    const lines = await collect(streamTrainingExamples(signedIn(), { routineId }, "llamafactory", true));
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(checkLlamaFactoryLine(JSON.parse(line))).toEqual([]);
  });

  it("offers the routines the viewer may export with their versions, and the models seen", async () => {
    await as("author");
    const mine = await listTrainingExportOptions(signedIn());
    expect(mine.routines.map((routine) => routine.id)).toContain(routineId);
    expect(mine.routines.map((routine) => routine.id)).not.toContain(other.routineId);
    expect(mine.models).toEqual(expect.arrayContaining(["gpt-4o", "qwen3-14b"]));
    const person = await personWith(["operator"]);
    await person.signIn();
    await expect(listTrainingExportOptions(signedIn())).rejects.toThrow(/role/i);
  });
});

describe("runs with a stored event this server cannot read", () => {
  it("are left out of the count and of the lines, with that reason in the exclusions", async () => {
    await as("admin");
    const own = await publishedRoutine({ ownerId: await demoUserId("author"), routine: leaveRoutine() });
    const ref = stepRef("x", "lookup");
    await insertRun(own.routineId, own.versionId);
    await insertRun(own.routineId, own.versionId, { extraEvents: [{ type: "step.exploded", data: { ...ref } }] });
    // Future versions, of an event the verdict reads and of one it does not (the summary reads it all the same).
    await insertRun(own.routineId, own.versionId, {
      extraEvents: [{ type: "step.output", data: { _v: 9, ...ref, output: { days: 12 } } }],
    });
    await insertRun(own.routineId, own.versionId, {
      extraEvents: [{ type: "progress.updated", data: { _v: 9, done: [], current: null } }],
    });
    expect(await summarizeTrainingExport(signedIn(), { routineId: own.routineId })).toMatchObject({
      examples: 1,
      excluded: [{ reason: "unreadable_events", count: 3 }],
    });
    const lines = await collect(streamTrainingExamples(signedIn(), { routineId: own.routineId }, "openai", true));
    expect(lines).toHaveLength(1);
  });
});
