import { payloadData } from "../../events/testing/stored-payload";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../../scripts/fake-openai/index";
import { postRun } from "../../api";
import { createApiToken } from "../users";
import { prisma } from "../core";
import { type DemoHrHttpServer, startDemoHrHttpServer } from "../../demo/hr-server";
import { seedDatabase } from "../../demo/seed";
import { getRun, startRun } from "../../runs/operations";
import type { ToolPort } from "../../runs/engine";
import { sharedToolGateway } from "../../tool-gateway";
import { flushTelemetry, shutdownTelemetry, startTelemetry, telemetryStatus } from "../../telemetry";
import {
  closedEndpoint,
  otlpEnvironment,
  startOtlpReceiver,
  type OtlpReceiver,
  type ReceivedSpan,
} from "../../telemetry/testing/otlp-receiver";
import { segmentsOf, spansOfRun, toolSpanCalls, toolSpansOf } from "../../telemetry/testing/run-spans";
import { buildRunWorker, checkHealth, createRegistryToolPort, type RunWorker } from "../../runs/store";
import { as, demoUserId } from "../testing/review-test-support";
import { leaveInputs, leaveRoutine, publishOverDemoHr, waitForStatus } from "../../runs/store/testing/demo-hr-runs";
import { signedIn } from "../../../test/request-context";

// Runs traced end to end: the real worker and engine, the demo HR MCP server, the fake OpenAI-compatible model server,
// and the OpenTelemetry SDK exporting OTLP/JSON to a receiver in this process (lib/telemetry/testing).

let receiver: OtlpReceiver;
let hr: DemoHrHttpServer;
let fake: FakeOpenAI;
let leave: string;
const workers: RunWorker[] = [];
const quiet = { info: () => undefined, warn: () => undefined };
const TOOL_OF: Record<string, string> = Object.fromEntries(
  leaveRoutine().steps.flatMap((step) => (step.kind === "tool" ? [[step.id, step.tool.name]] : [])),
);

/** Starts a worker of its own for one test (a long lease: a busy machine must not hand a run to a second one). */
function worker(tools?: ToolPort): RunWorker {
  const created = buildRunWorker({ enabled: true, concurrency: 2, leaseMs: 60_000, pollMs: 200, tools });
  workers.push(created);
  created.start();
  return created;
}

async function tracesTo(url: string, extra: Record<string, string> = {}) {
  await shutdownTelemetry();
  await startTelemetry(otlpEnvironment(url, extra), quiet);
}

const spansOf = (runId: string) => spansOfRun(receiver.spans(), runId);

/** The run's spans once `done` holds of them (flushing while it waits: the exporter batches in the background). */
async function spansWhen(runId: string, done: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  await vi.waitFor(
    async () => {
      await flushTelemetry();
      expect(done(spansOf(runId))).toBe(true);
    },
    { timeout: 15_000, interval: 50 },
  );
  return spansOf(runId);
}

const storedTrace = async (runId: string) =>
  JSON.parse(
    (await prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { traceContext: true } })).traceContext!,
  ) as { traceId: string; parentSpanId?: string };

/** Every span of the trace is one of the run's, and every span of the run is in that one trace. */
function expectOneTrace(spans: ReceivedSpan[], traceId: string) {
  expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([traceId]));
  expect(receiver.spans().filter((span) => span.traceId === traceId)).toHaveLength(spans.length);
}

/** The tool calls the run's step runs made, as [step, tool, step run]: what its execute_tool spans must show. */
async function toolCallsOf(runId: string) {
  const run = await getRun(signedIn(), runId);
  return run.steps
    .filter((step) => TOOL_OF[step.stepId] && step.state === "succeeded")
    .map((step) => [step.stepId, TOOL_OF[step.stepId], step.id])
    .sort();
}

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  receiver = await startOtlpReceiver();
  hr = await startDemoHrHttpServer({ port: 0 });
  fake = await startFakeOpenAI({ port: 0, apiKey: "test-key", scenario: { rules: [] } });
  ({ routineId: leave } = await publishOverDemoHr(hr.url, await demoUserId("author"), leaveRoutine()));
  await tracesTo(receiver.url);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((each) => each.stop()));
  vi.unstubAllEnvs();
});
afterAll(async () => {
  await shutdownTelemetry();
  await sharedToolGateway().close();
  await hr.close();
  await fake.close();
  await receiver.close();
});

// Each test runs one or two real runs; an agent run's first turn loads the token counter, which on a loaded 2-core
// machine has taken over the default 20 s.
describe("a run's trace", { timeout: 60_000 }, () => {
  it("is one trace: the run as its root span, one execute_tool span per tool step run, no content by default", async () => {
    worker();
    await as("operator");
    const { runId } = await startRun(signedIn(), { routineId: leave, inputs: leaveInputs() });
    await waitForStatus(runId, "succeeded");
    const calls = await toolCallsOf(runId);
    expect(calls).toHaveLength(3);
    const spans = await spansWhen(runId, (all) => segmentsOf(all).length === 1 && toolSpansOf(all).length === 3);

    const { traceId } = await storedTrace(runId);
    expectOneTrace(spans, traceId);
    const [root] = segmentsOf(spans);
    expect(root).toMatchObject({ name: "invoke_workflow Book leave", parentSpanId: undefined });
    expect(root!.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_workflow",
      "routine_studio.run.status": "succeeded",
      "routine_studio.routine.id": leave,
    });
    const tools = toolSpansOf(spans);
    expect(toolSpanCalls(spans)).toEqual(calls);
    for (const span of tools) {
      expect(span.parentSpanId).toBe(root!.spanId);
      expect(span.attributes).toMatchObject({
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.type": "extension",
      });
      expect(span.attributes["gen_ai.tool.call.arguments"]).toBeUndefined();
      expect(span.attributes["gen_ai.tool.call.result"]).toBeUndefined();
    }
    // Only spans of the run: a workflow whose inputs are all bound asks no model.
    expect(spans).toHaveLength(4);
  });

  it("in agent mode: an invoke_agent root, a chat span per model turn with provider, model and usage", async () => {
    vi.stubEnv("OPENAI_BASE_URL", fake.url);
    vi.stubEnv("OPENAI_API_KEY", "test-key");
    vi.stubEnv("OPENAI_EXECUTOR_MODEL", "fake-executor");
    const inputs = leaveInputs();
    const call = (name: string, args: Record<string, unknown>) => ({
      reply: { toolCalls: [{ name, arguments: args }] },
    });
    const turns = [
      call("get_employee", { employee_id: inputs.employee_id }),
      call("apply_leave", { ...inputs, leave_type: "annual" }),
      call("send_email_notification", {
        to: inputs.employee_id,
        subject: "Your leave is booked",
        body: "Enjoy your time off.",
      }),
      { reply: { content: `Booked annual leave for ${inputs.employee_id}.` } },
    ];
    fake.addRules(
      turns.map((turn, index) => ({
        id: `trace-${inputs.employee_id}-${index + 1}`,
        match: { anyMessageIncludes: inputs.employee_id },
        times: 1,
        ...turn,
      })) as Parameters<FakeOpenAI["addRules"]>[0],
    );
    worker();
    await as("operator");
    const { runId } = await startRun(signedIn(), { routineId: leave, inputs, mode: "agent" });
    await waitForStatus(runId, "succeeded", 30_000);
    const spans = await spansWhen(
      runId,
      (all) => segmentsOf(all).length === 1 && all.filter((span) => span.name.startsWith("chat ")).length === 4,
    );

    expectOneTrace(spans, (await storedTrace(runId)).traceId);
    const [root] = segmentsOf(spans);
    expect(root).toMatchObject({ name: "invoke_agent Book leave", parentSpanId: undefined });
    expect(toolSpanCalls(spans)).toEqual(await toolCallsOf(runId));
    const chats = spans.filter((span) => span.name === "chat fake-executor");
    expect(chats).toHaveLength(4);
    const turnsStored = (
      await prisma.runEvent.findMany({ where: { runId, type: "agent.turn" }, orderBy: { seq: "asc" } })
    )
      .map((event) => payloadData(event.payload))
      .map((data) => [data.inputTokens, data.outputTokens]);
    expect(
      chats
        .map((span) => [span.attributes["gen_ai.usage.input_tokens"], span.attributes["gen_ai.usage.output_tokens"]])
        .sort(),
    ).toEqual(turnsStored.sort());
    for (const chat of chats) {
      expect(chat.parentSpanId).toBe(root!.spanId);
      expect(chat.attributes).toMatchObject({
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "fake-executor",
        "gen_ai.response.model": expect.any(String),
      });
      expect(chat.attributes["gen_ai.input.messages"]).toBeUndefined();
    }
  });

  it("continues the trace of a caller that sends a traceparent to POST /api/runs; a bad one is ignored", async () => {
    worker();
    await as("operator");
    const { token } = await createApiToken(signedIn(), {
      name: "tracing",
      scopes: ["runs:start"],
      expiresInDays: null,
    });
    const post = (headers: Record<string, string>) =>
      postRun(
        new Request("http://localhost:3999/api/runs", {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
          body: JSON.stringify({ routineId: leave, inputs: leaveInputs() }),
        }),
      );
    const callerTrace = "0af7651916cd43dd8448eb211c80319c";
    const callerSpan = "b7ad6b7169203331";
    const response = await post({ traceparent: `00-${callerTrace}-${callerSpan}-01`, tracestate: "caller=1" });
    expect(response.status).toBe(201);
    const { runId } = (await response.json()) as { runId: string };
    await waitForStatus(runId, "succeeded");
    const spans = await spansWhen(runId, (all) => segmentsOf(all).length === 1 && toolSpansOf(all).length === 3);
    expectOneTrace(spans, callerTrace);
    expect(segmentsOf(spans)[0]).toMatchObject({ traceId: callerTrace, parentSpanId: callerSpan });

    const refused = await post({ traceparent: "00-not-a-trace-01" });
    expect(refused.status).toBe(201);
    const own = ((await refused.json()) as { runId: string }).runId;
    const stored = await storedTrace(own);
    expect(stored.traceId).not.toBe(callerTrace);
    expect(stored.parentSpanId).toBeUndefined();
    await waitForStatus(own, "succeeded");
  });

  it("stays one trace when a second worker resumes a run the first one stopped in the middle of a step", async () => {
    // The first worker's booking call waits until the worker stops (its abort), so the run stops between steps.
    let reached!: () => void;
    const atBooking = new Promise<void>((resolve) => (reached = resolve));
    const registry = createRegistryToolPort();
    const holding: ToolPort = {
      describe: (tools) => registry.describe(tools),
      checkArguments: (tool, args) => registry.checkArguments(tool, args),
      async call(tool, args, options) {
        if (tool.name !== "apply_leave") return registry.call(tool, args, options);
        reached();
        await new Promise((resolve) => options.signal.addEventListener("abort", resolve, { once: true }));
        return { ok: false, error: "The call was stopped.", retryable: false };
      },
    };
    const first = worker(holding);
    await as("operator");
    const { runId } = await startRun(signedIn(), { routineId: leave, inputs: leaveInputs() });
    await atBooking;
    await first.stop({ graceMs: 0 });
    expect((await getRun(signedIn(), runId)).status).toBe("running");
    worker();
    await waitForStatus(runId, "succeeded");
    const spans = await spansWhen(runId, (all) => segmentsOf(all).length === 2 && toolSpansOf(all).length === 4);

    expectOneTrace(spans, (await storedTrace(runId)).traceId);
    const segments = segmentsOf(spans);
    expect(segments.map((span) => span.attributes["routine_studio.run.status"]).sort()).toEqual([
      "running",
      "succeeded",
    ]);
    expect(segments.every((span) => span.parentSpanId === undefined)).toBe(true);
    const bySegment = (segment: ReceivedSpan) =>
      toolSpansOf(spans)
        .filter((span) => span.parentSpanId === segment.spanId)
        .map((span) => [span.attributes["gen_ai.tool.name"], span.attributes["routine_studio.step.state"]]);
    const stopped = segments.find((span) => span.attributes["routine_studio.run.status"] === "running")!;
    const resumed = segments.find((span) => span.attributes["routine_studio.run.status"] === "succeeded")!;
    expect(bySegment(stopped)).toEqual([
      ["get_employee", "succeeded"],
      ["apply_leave", "failed"],
    ]);
    expect(bySegment(resumed)).toEqual([
      ["apply_leave", "succeeded"],
      ["send_email_notification", "succeeded"],
    ]);
    // The booking is one step run: both its calls carry its id.
    const bookings = toolSpansOf(spans).filter((span) => span.attributes["gen_ai.tool.name"] === "apply_leave");
    expect(new Set(bookings.map((span) => span.attributes["gen_ai.tool.call.id"])).size).toBe(1);
  });

  it("records arguments and results, redacted, only when the deployer opts in", async () => {
    await tracesTo(receiver.url, { OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: "true" });
    try {
      worker();
      await as("operator");
      const inputs = leaveInputs();
      const { runId } = await startRun(signedIn(), { routineId: leave, inputs });
      await waitForStatus(runId, "succeeded");
      const spans = await spansWhen(runId, (all) => segmentsOf(all).length === 1 && toolSpansOf(all).length === 3);
      const lookUp = toolSpansOf(spans).find((span) => span.attributes["gen_ai.tool.name"] === "get_employee")!;
      expect(JSON.parse(String(lookUp.attributes["gen_ai.tool.call.arguments"]))).toEqual({
        employee_id: inputs.employee_id,
      });
      expect(String(lookUp.attributes["gen_ai.tool.call.result"])).toContain(inputs.employee_id);
    } finally {
      await tracesTo(receiver.url);
    }
  });

  it("never holds a run up when the endpoint is down: the run finishes, the lost spans are counted", async () => {
    await tracesTo(await closedEndpoint(), { OTEL_EXPORTER_OTLP_TIMEOUT: "300" });
    try {
      expect(telemetryStatus()).toMatchObject({ enabled: true, exportFailures: 0, droppedSpans: 0 });
      worker();
      await as("operator");
      const { runId } = await startRun(signedIn(), { routineId: leave, inputs: leaveInputs() });
      await waitForStatus(runId, "succeeded");
      await vi.waitFor(
        async () => {
          await flushTelemetry();
          const status = telemetryStatus();
          expect(status.exportFailures).toBeGreaterThan(0);
          expect(status.droppedSpans).toBeGreaterThanOrEqual(4);
        },
        { timeout: 15_000, interval: 50 },
      );
      expect(telemetryStatus().exportedSpans).toBe(0);
      expect(spansOf(runId)).toEqual([]);
      // What a monitor reads: the health answer carries the figures, and traces never make it unhealthy.
      const health = await checkHealth();
      expect(health.traces).toMatchObject({ enabled: true, exportedSpans: 0, exportFailures: expect.any(Number) });
      expect(health.traces.droppedSpans).toBeGreaterThanOrEqual(4);
      expect(health.status).not.toBe("down");
    } finally {
      await tracesTo(receiver.url);
    }
  });
});
