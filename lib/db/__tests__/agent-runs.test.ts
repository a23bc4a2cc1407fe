import { payloadData } from "../../events/testing/stored-payload";
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../../scripts/fake-openai/index";
import { type DemoHrHttpServer, startDemoHrHttpServer } from "../../demo/hr-server";
import { sharedToolGateway } from "../../tool-gateway";
import { ConflictError, prisma } from "../core";
import { seedDatabase } from "../../demo/seed";
import { controlRun, getRun, startRun } from "../../runs/operations";
import { decideReview, publishVersion, setDefaultMode, submitForReview } from "../reviews";
import { getRoutine } from "../library";
import { BUDGET_DEFAULTS, buildRunWorker, findPublishedRoutine, type RunWorker, wakeRunWorker } from "../../runs/store";
import { insertQueuedRun, writeRuns } from "../../runs/store/testing/run-sql-access";
import { as, contentHashOf, demoUserId } from "../testing/review-test-support";
import { leaveInputs, leaveRoutine, publishOverDemoHr, waitForStatus } from "../../runs/store/testing/demo-hr-runs";
import { humanRoutine, publishedRoutine } from "../../runs/store/testing/run-test-support";
import { signedIn } from "../../../test/request-context";

// Agent mode end to end: the real worker and engine, the executor model behind the fake OpenAI-compatible server over
// HTTP (scripted per run by the employee id the run's inputs carry), the demo HR MCP server over Streamable HTTP.

let hr: DemoHrHttpServer;
let fake: FakeOpenAI;
let worker: RunWorker;
let leave: string;
let ownerId: string;

type Inputs = ReturnType<typeof leaveInputs>;
const call = (name: string, args: Record<string, unknown>) => ({ reply: { toolCalls: [{ name, arguments: args }] } });
/** The model's turns for one run, in order: each answers once, and only requests about this run's employee. */
function script(inputs: Inputs, turns: Array<{ reply: Record<string, unknown> }>) {
  fake.addRules(
    turns.map((turn, index) => ({
      id: `${inputs.employee_id}-${index + 1}`,
      match: { anyMessageIncludes: inputs.employee_id },
      times: 1,
      ...turn,
    })) as Parameters<FakeOpenAI["addRules"]>[0],
  );
}
const bookingTurns = (inputs: Inputs) => [
  call("get_employee", { employee_id: inputs.employee_id }),
  call("apply_leave", {
    employee_id: inputs.employee_id,
    leave_type: "annual",
    start_date: inputs.start_date,
    end_date: inputs.end_date,
  }),
  // The routine's own subject and text: agent mode refuses a call that changes what the routine fixes (issue #29).
  call("send_email_notification", {
    to: inputs.employee_id,
    subject: "Your leave is booked",
    body: "Enjoy your time off.",
  }),
  { reply: { content: `Booked annual leave for ${inputs.employee_id}.` } },
];
const eventsOf = async (runId: string) =>
  (await prisma.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } })).map((event) => ({
    type: event.type,
    data: payloadData(event.payload) as Record<string, unknown>,
  }));
/** What the model was sent back as tool results in the requests about this employee. */
const toolResultsSent = (employeeId: string) =>
  fake
    .requests()
    .map((request) => request.body as { messages: Array<{ role: string; content: unknown }> })
    .filter((body) => JSON.stringify(body.messages).includes(employeeId))
    .flatMap((body) => body.messages.filter((message) => message.role === "tool").map((m) => String(m.content)));

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  hr = await startDemoHrHttpServer({ port: 0 });
  fake = await startFakeOpenAI({ port: 0, apiKey: "test-key", scenario: { rules: [] } });
  ownerId = await demoUserId("author");
  ({ routineId: leave } = await publishOverDemoHr(hr.url, ownerId, leaveRoutine()));
  // A long lease: the first agent turn loads the token counter, and this machine may be busy; a lease that lapses
  // mid-turn would hand the run to a second execution.
  worker = buildRunWorker({ enabled: true, concurrency: 2, leaseMs: 60_000, pollMs: 200 });
  worker.start();
});
afterAll(async () => {
  await worker.stop();
  await sharedToolGateway().close();
  await hr.close();
  await fake.close();
});
afterEach(() => vi.unstubAllEnvs());
const useFakeModel = () => {
  vi.stubEnv("OPENAI_BASE_URL", fake.url);
  vi.stubEnv("OPENAI_API_KEY", "test-key");
  vi.stubEnv("OPENAI_EXECUTOR_MODEL", "fake-executor");
};

describe("agent mode through the worker, the fake model over HTTP and the demo HR server", () => {
  it("runs an HR routine end to end: the model calls each tool, each call is its step, the real outputs come back", async () => {
    useFakeModel();
    const inputs = leaveInputs();
    script(inputs, bookingTurns(inputs));
    await as("operator");
    const { runId } = await startRun(signedIn(), { routineId: leave, inputs, mode: "agent" });
    await waitForStatus(runId, "succeeded", 30_000);

    const run = await getRun(signedIn(), runId);
    expect(run).toMatchObject({ mode: "agent", execution: { mode: "agent", routine: "full" } });
    expect(run.outputs).toEqual({ answer: `Booked annual leave for ${inputs.employee_id}.` });
    const called = run.steps.filter((step) => step.stepId !== "done" && step.state !== "skipped");
    expect(called.map((step) => [step.stepId, step.state])).toEqual([
      ["employee", "succeeded"],
      ["apply", "succeeded"],
      ["notify", "succeeded"],
    ]);
    // The HR server's own answers: the employee it looked up, the leave request it filed (once, under the call's key).
    const employee = called[0]!.output as Record<string, Record<string, unknown>>;
    expect(JSON.stringify(employee)).toContain(inputs.employee_id);
    const apply = called[1]!;
    expect(JSON.stringify(apply.output)).toMatch(/pending/);
    const effects = [...hr.store.sideEffects.values()].filter(
      (entry) => entry.idempotencyKey === `${runId}:${apply.id}`,
    );
    expect(effects.map((entry) => [entry.tool, entry.count])).toEqual([["apply_leave", 1]]);
    // What the model read back is what the server answered.
    const results = toolResultsSent(inputs.employee_id);
    expect(results.some((text) => text.includes(inputs.employee_id) && /pending/.test(text))).toBe(true);

    const events = await eventsOf(runId);
    expect(events.filter((event) => event.type === "agent.turn").map((event) => event.data.turn)).toEqual([1, 2, 3, 4]);
    expect(
      events.filter((event) => event.type === "step.tool_call").map((event) => [event.data.stepId, event.data.tool]),
    ).toEqual([
      ["employee", "get_employee"],
      ["apply", "apply_leave"],
      ["notify", "send_email_notification"],
    ]);
    expect(events.at(-1)).toMatchObject({ type: "run.finished", data: { status: "succeeded" } });
    const sent = fake.requests().at(-1)!.body as { model: string; tools: Array<{ function: { name: string } }> };
    expect(sent.model).toBe("fake-executor");
    expect(sent.tools.map((tool) => tool.function.name).sort()).toEqual([
      "apply_leave",
      "get_employee",
      "send_email_notification",
    ]);
  });

  it("refuses a call to a tool outside the routine's allowlist, tells the model why, and the run goes on", async () => {
    useFakeModel();
    const inputs = leaveInputs();
    script(inputs, [call("terminate_employee", { employee_id: inputs.employee_id }), ...bookingTurns(inputs)]);
    await as("operator");
    const { runId } = await startRun(signedIn(), { routineId: leave, inputs, mode: "agent" });
    await waitForStatus(runId, "succeeded");

    const refused = (await eventsOf(runId)).filter((event) => event.type === "agent.call_refused");
    expect(refused).toEqual([
      { type: "agent.call_refused", data: { turn: 1, tool: "terminate_employee", reason: expect.any(String) } },
    ]);
    expect(refused[0]!.data.reason).toMatch(/terminate_employee/);
    const run = await getRun(signedIn(), runId);
    expect(run.steps.map((step) => step.stepId)).not.toContain("call:terminate_employee");
    expect([...hr.store.sideEffects.values()].some((entry) => entry.tool === "terminate_employee")).toBe(false);
    expect(toolResultsSent(inputs.employee_id)[0]).toContain(refused[0]!.data.reason as string);
  });

  it("serves a test case's pinned outputs instead of calling the tool, and simulates a write it pins nothing for", async () => {
    useFakeModel();
    const inputs = leaveInputs();
    const pinned = { employee_id: inputs.employee_id, name: "Pinned Person", status: "active" };
    script(inputs, bookingTurns(inputs));
    const runId = randomUUID();
    const published = await findPublishedRoutine(leave);
    await writeRuns(() =>
      insertQueuedRun({
        id: runId,
        published,
        inputs,
        request: null,
        source: "eval",
        startedById: null,
        budgets: BUDGET_DEFAULTS,
        execution: { mode: "agent", routine: "full", distractorVersionIds: [] },
        toolFixtures: [{ tool: "get_employee", output: pinned }],
      }),
    );
    wakeRunWorker();
    await waitForStatus(runId, "succeeded");

    const steps = (await prisma.stepRun.findMany({ where: { runId } })).map((row) => ({
      stepId: row.stepId,
      id: row.id,
      output: row.output,
    }));
    expect(steps.find((step) => step.stepId === "employee")!.output).toContain("Pinned Person");
    expect(toolResultsSent(inputs.employee_id)[0]).toContain("Pinned Person");
    // No pinned output for apply_leave, which changes data: the evaluation sandbox answered it, nothing was filed.
    const apply = steps.find((step) => step.stepId === "apply")!;
    expect([...hr.store.sideEffects.values()].some((entry) => entry.idempotencyKey === `${runId}:${apply.id}`)).toBe(
      false,
    );
    const applyOutput = await prisma.runEvent.findMany({ where: { runId, type: "step.output" } });
    expect(
      applyOutput.map((row) => payloadData(row.payload)).find((data) => data.stepRunId === apply.id),
    ).toMatchObject({
      origin: "simulated",
    });
    const stored = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(stored.source).toBe("eval");
    expect(JSON.parse(stored.toolFixtures!)).toEqual([{ tool: "get_employee", output: pinned }]);
  });
});

describe("the run's mode", () => {
  it("refuses agent mode for a routine with a human step, and changes nothing", async () => {
    const { routineId } = await publishedRoutine({ ownerId, routine: humanRoutine() });
    await as("operator");
    const before = await prisma.run.count();
    const refused = startRun(signedIn(), { routineId, inputs: { ticket: "t" }, mode: "agent" });
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(refused).rejects.toThrow(/Approve the summary/);
    expect(await prisma.run.count()).toBe(before);
  });

  it("uses the published version's default mode when none is chosen; an author's change waits for review", async () => {
    useFakeModel();
    const { routineId } = await publishOverDemoHr(hr.url, ownerId, leaveRoutine());
    await as("operator");
    const first = await startRun(signedIn(), { routineId, inputs: leaveInputs() });
    expect((await getRun(signedIn(), first.runId)).mode).toBe("workflow");

    // The author's change is a new draft: how the published routine runs does not move.
    await as("author");
    expect(await setDefaultMode(signedIn(), { routineId, mode: "agent" })).toMatchObject({ number: 2, newDraft: true });
    await as("operator");
    const unreviewed = await startRun(signedIn(), { routineId, inputs: leaveInputs() });
    expect((await getRun(signedIn(), unreviewed.runId)).mode).toBe("workflow");

    await as("author");
    const { revision } = await getRoutine(signedIn(), routineId);
    const { versionId } = await submitForReview(signedIn(), { routineId, baseRevision: revision });
    await as("reviewer");
    await decideReview(signedIn(), { versionId, contentHash: await contentHashOf(versionId), decision: "approve" });
    await publishVersion(signedIn(), { versionId, contentHash: await contentHashOf(versionId) });

    await as("operator");
    const agentInputs = leaveInputs();
    script(agentInputs, bookingTurns(agentInputs));
    const second = await startRun(signedIn(), { routineId, inputs: agentInputs });
    expect(await getRun(signedIn(), second.runId)).toMatchObject({ mode: "agent", execution: { mode: "agent" } });
    const third = await startRun(signedIn(), { routineId, inputs: leaveInputs(), mode: "workflow" });
    expect((await getRun(signedIn(), third.runId)).mode).toBe("workflow");
    for (const { runId } of [first, unreviewed, second, third]) await waitForStatus(runId, "succeeded");
    expect((await getRun(signedIn(), second.runId)).outputs).toEqual({
      answer: `Booked annual leave for ${agentInputs.employee_id}.`,
    });

    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { action: "routine.default_mode_set", targetId: routineId },
    });
    expect(JSON.parse(audit.detail!)).toMatchObject({ version: 2, from: "workflow", to: "agent" });
  });

  it("runs a published version defaulting to agent mode that cannot run as one as a workflow; only writers set the default", async () => {
    const { routineId } = await publishedRoutine({ ownerId, routine: { ...humanRoutine(), defaultMode: "agent" } });
    await as("operator");
    await expect(setDefaultMode(signedIn(), { routineId, mode: "workflow" })).rejects.toThrow(/author or admin/);
    const { runId } = await startRun(signedIn(), { routineId, inputs: { ticket: "t" } });
    expect((await getRun(signedIn(), runId)).mode).toBe("workflow");
    // Cancelled so the worker spends no time on it, unless it already finished (a fast worker).
    await controlRun(signedIn(), { runId, action: "cancel" }).catch((error: unknown) =>
      expect(String(error)).toMatch(/already/),
    );
  });
});
